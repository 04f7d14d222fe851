import type { EventQueues } from '@zulip-es/event-queues';
import type { ChannelsDirectory } from '../directory/channels-directory';
import type { UsersDirectory } from '../directory/users-directory';
import type { PushRepository } from '../projection/push.repository';
import type { BouncerClient } from '../registration/bouncer-client';
import type { DeviceRemovals } from '../registration/registration-jobs';

/** What every push handler works with (provided by the projection module). */
export interface PushDeps {
  repo: PushRepository;
  /** The push bouncer (`PUSH_BOUNCER_URL`): unset, E11 and E19 answer PUSH_SERVICE_NOT_CONFIGURED. */
  bouncer?: BouncerClient;
  /** Where tokens a provider called dead go to be removed (the registration queue). */
  removals?: DeviceRemovals;
  directory: UsersDirectory;
  channels: ChannelsDirectory;
  /** The clients' event queues: a user holding one is on Zulip (no push unless they ask for it). */
  queues?: EventQueues;
}

export const PUSH_DEPS = Symbol('PUSH_DEPS');

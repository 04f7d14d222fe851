import { Module } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { EventQueues } from '@zulip-es/event-queues';
import { PROJECTION_DOCUMENTS, PROJECTION, PROJECTION_ON, READ_MODELS, SERVICE_CONFIG, type GroupDocuments } from '@zulip-es/platform';
import type { PushConfig } from '../config';
import { ChannelsDirectory } from '../directory/channels-directory';
import { UsersDirectory } from '../directory/users-directory';
import { BouncerClient } from '../registration/bouncer-client';
import { PUSH_DEPS, type PushDeps } from '../shared/push-deps';
import { PushProjection } from './push.projection';
import { PushQueues } from './push-queues';
import { PushQueuesModule } from './push-queues.module';
import { PushRepository } from './push.repository';

/**
 * The push service's state: its projection of `push.events` (each user's devices), its copies of
 * the users and channels, and its queues; what its handlers work with (`PUSH_DEPS`).
 */
@Module({
  imports: [PushQueuesModule],
  providers: [
    { provide: PushRepository, inject: [PROJECTION_DOCUMENTS], useFactory: (db: GroupDocuments) => new PushRepository(db) },
    { provide: UsersDirectory, useFactory: () => new UsersDirectory() },
    { provide: ChannelsDirectory, useFactory: () => new ChannelsDirectory() },
    PushQueues,
    {
      provide: PROJECTION,
      inject: [PushRepository, PushQueues],
      useFactory: (repo: PushRepository, queues: PushQueues) => new PushProjection(repo, queues.registrations, queues.notifications),
    },
    // A rebuild forwards nothing again.
    { provide: PROJECTION_ON, useValue: (other: Connection) => new PushProjection(new PushRepository(other)) },
    { provide: READ_MODELS, inject: [UsersDirectory, ChannelsDirectory], useFactory: (...models: unknown[]) => models },
    {
      provide: PUSH_DEPS,
      inject: [SERVICE_CONFIG, PushRepository, UsersDirectory, ChannelsDirectory, PushQueues],
      useFactory: (
        config: PushConfig,
        repo: PushRepository,
        directory: UsersDirectory,
        channels: ChannelsDirectory,
        queues: PushQueues,
      ): PushDeps => {
        const bouncer = config.PUSH_BOUNCER_URL ? new BouncerClient({ ...config, PUSH_BOUNCER_URL: config.PUSH_BOUNCER_URL }) : undefined;
        return {
          repo,
          bouncer,
          removals: queues.registrations,
          directory,
          channels,
          queues: bouncer ? new EventQueues(queues.eventQueuesRedis()) : undefined,
        };
      },
    },
  ],
  exports: [PROJECTION, PROJECTION_ON, READ_MODELS, PUSH_DEPS, PushQueues],
})
export class PushProjectionModule {}

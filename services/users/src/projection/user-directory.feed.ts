import type { Kafka } from 'kafkajs';
import { EventEnvelope, eventsTopic, UsersEvent } from '@zulip-es/contracts';
import { FollowedReadModel, type FollowedMessage, type Logger } from '@zulip-es/platform';
import type { UserEvent } from '../domain/user.state';
import type { UserDirectory } from './user-directory';

/**
 * Feeds `directory` with every user event of users.events from the first record (the follower
 * keeps no offsets: each start reads the topic again, as the gateway's API key model does). The
 * command processor starts it before the first command, catches it up after each rebalance and
 * waits on it for a caller's latest positions.
 */
export function userDirectoryFeed(directory: UserDirectory, kafka: Kafka, instanceId: string, logger: Logger): FollowedReadModel {
  return new FollowedReadModel(
    kafka,
    { name: `users-directory-${instanceId}`, topics: [eventsTopic('users')] },
    async (batch) => applyUserEvents(directory, batch),
    logger,
  );
}

/** The user events of a batch of users.events records; the other areas' events are skipped. */
export function applyUserEvents(directory: UserDirectory, batch: readonly Pick<FollowedMessage, 'value'>[]): void {
  for (const { value } of batch) {
    const record: unknown = JSON.parse(value.toString());
    // Most records are other areas' (presence changes above all): skipped before validation.
    if (!isUserEventRecord(record)) continue;
    const envelope = EventEnvelope.parse(record);
    const event = UsersEvent.parse({ type: envelope.type, data: envelope.data }) as UserEvent;
    directory.apply(event, envelope.sequence);
  }
}

const isUserEventRecord = (record: unknown): boolean =>
  typeof record === 'object' && record !== null && String((record as { type?: unknown }).type).startsWith('user.');

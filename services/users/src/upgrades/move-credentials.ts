import { randomUUID } from 'node:crypto';
import { EventEnvelope, SERVICE_PARTITIONS, UserCreatedV1, type UserCreatedV2, type UserCredentialsIssuedV1 } from '@zulip-es/contracts';
import { keyPartition, type ArchivedRecord } from '@zulip-es/platform';
import { ZULIP_DEFAULT_USER_SETTINGS } from '../user-settings/user-settings.rules';

/** A `users.events` record with its sign-in material taken out, and that material as a record of its own. */
export interface MovedRecord {
  record: ArchivedRecord;
  credentials?: UserCredentialsIssuedV1['data'] & { time: string; correlationId: string; causationId: string };
}

/**
 * Rewrites one archived `users.events` record: `user.created.v1` becomes the `user.created.v2`
 * it means (its settings, or Zulip's defaults where the event predates them), and its password
 * hash and API key material leave it. Every other record stays as it is, at the same offset.
 */
export function moveCredentials(record: ArchivedRecord): MovedRecord {
  const envelope = EventEnvelope.parse(JSON.parse(record.v));
  if (envelope.type !== 'user.created.v1') return { record };
  const { passwordHash, apiKeyHash, apiKeyNonce, settings, ...account } = UserCreatedV1.shape.data.parse(envelope.data);
  const data: UserCreatedV2['data'] = { ...account, settings: settings ?? { ...ZULIP_DEFAULT_USER_SETTINGS } };
  const rewritten: EventEnvelope = { ...envelope, type: 'user.created.v2', data };
  return {
    record: { ...record, v: JSON.stringify(rewritten), h: { ...record.h, type: rewritten.type } },
    credentials: {
      userId: account.userId,
      passwordHash,
      apiKeyHash,
      apiKeyNonce,
      time: envelope.time,
      correlationId: envelope.correlationId,
      causationId: envelope.causationId,
    },
  };
}

/** The partition a producer puts a key in (murmur2, as the users service's producer): a user's later records join it. */
export function credentialsPartition(key: string, partitions: number = SERVICE_PARTITIONS): number {
  return keyPartition(key, partitions);
}

/** The `users.credentials` record of moved material, issued when the user was created. */
export function credentialsRecord(moved: NonNullable<MovedRecord['credentials']>, offset: bigint): ArchivedRecord {
  const { time, correlationId, causationId, ...data } = moved;
  const envelope: EventEnvelope = {
    eventId: randomUUID(),
    type: 'user.credentials_issued.v1',
    aggregateId: `user:${data.userId}`,
    sequence: 1,
    time,
    actorId: null,
    correlationId,
    causationId,
    data,
  };
  return { o: String(offset), k: envelope.aggregateId, v: JSON.stringify(envelope), h: { type: envelope.type } };
}

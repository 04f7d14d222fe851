import { randomUUID } from 'node:crypto';
import type { Producer } from 'kafkajs';
import { CREDENTIALS_TOPIC, CredentialsEvent, type EventEnvelope, type Position, type UserCredentialsIssuedV1 } from '@zulip-es/contracts';
import { DomainError, type MessageContext, type ReadModel } from '@zulip-es/platform';
import { deriveApiKey } from '../domain/credentials';
import { userAggregateId, type UserState } from '../domain/user.state';

/** A user's sign-in material as the users service checks it. */
export type UserCredentials = UserCredentialsIssuedV1['data'];

interface Held {
  credentials: UserCredentials;
  /** When they were issued: a later issue replaces an earlier one, whichever is read first. */
  time: string;
}

/**
 * Every user's password hash and API key nonce, from the private `users.credentials` topic: read
 * from its first record at every start, and written here before the events that create the user,
 * so a user on `users.events` always has credentials (a command redelivered after a crash between
 * the two issues them again; the later issue wins).
 */
export class CredentialsStore implements ReadModel {
  readonly name = 'credentials';
  readonly topics = [CREDENTIALS_TOPIC];
  private readonly byUser = new Map<number, Held>();

  constructor(private readonly producer: Pick<Producer, 'connect' | 'disconnect' | 'send'>) {}

  async onModuleInit(): Promise<void> {
    await this.producer.connect();
  }

  /** After the command processor stopped (Nest's shutdown order): no issue is under way. */
  async onApplicationShutdown(): Promise<void> {
    await this.producer.disconnect();
  }

  /** A user's credentials: the latest issued, or for a user of `user.created.v1` those that event carried. */
  of(user: Pick<UserState, 'userId' | 'passwordHash' | 'apiKeyHash' | 'apiKeyNonce'>): UserCredentials | undefined {
    const issued = this.byUser.get(user.userId)?.credentials;
    if (issued) return issued;
    const { userId, passwordHash, apiKeyHash, apiKeyNonce } = user;
    return apiKeyHash === undefined || apiKeyNonce === undefined
      ? undefined
      : { userId, passwordHash: passwordHash ?? null, apiKeyHash, apiKeyNonce };
  }

  /** The user's API key, as `POST /fetch_api_key` hands it out. */
  apiKeyOf(user: Pick<UserState, 'userId' | 'passwordHash' | 'apiKeyHash' | 'apiKeyNonce'>, apiKeySecret: string): string {
    const credentials = this.of(user);
    if (!credentials) throw new DomainError('INTERNAL_SERVER_ERROR', `User ${user.userId} has no credentials`);
    return deriveApiKey(apiKeySecret, user.userId, credentials.apiKeyNonce);
  }

  apply(envelope: EventEnvelope): void {
    const event = CredentialsEvent.parse({ type: envelope.type, data: envelope.data });
    this.keep(event.data, envelope.time);
  }

  /** Appends the credentials of users a command creates; resolves to where they are, once durable and applied here. */
  async issue(
    issued: UserCredentials[],
    ctx: Pick<MessageContext<unknown>, 'commandId' | 'correlationId' | 'actorId' | 'now'>,
  ): Promise<Position[]> {
    if (issued.length === 0) return [];
    const time = ctx.now.toISOString();
    const positions: Position[] = [];
    // One record per send: each position is then exactly its record's.
    for (const credentials of issued) {
      const envelope: EventEnvelope = {
        eventId: randomUUID(),
        type: 'user.credentials_issued.v1',
        aggregateId: userAggregateId(credentials.userId),
        sequence: 1,
        time,
        actorId: ctx.actorId,
        correlationId: ctx.correlationId,
        causationId: ctx.commandId,
        data: credentials,
      };
      const [meta] = await this.producer.send({
        topic: CREDENTIALS_TOPIC,
        acks: -1,
        messages: [{ key: envelope.aggregateId, value: JSON.stringify(envelope), headers: { type: envelope.type } }],
      });
      positions.push({ topic: CREDENTIALS_TOPIC, partition: meta.partition, offset: meta.baseOffset ?? '0' });
      this.keep(credentials, time);
    }
    return positions;
  }

  private keep(credentials: UserCredentials, time: string): void {
    const held = this.byUser.get(credentials.userId);
    if (!held || held.time <= time) this.byUser.set(credentials.userId, { credentials, time });
  }
}

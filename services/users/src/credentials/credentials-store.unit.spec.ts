import { CREDENTIALS_TOPIC, EventEnvelope } from '@zulip-es/contracts';
import { deriveApiKey } from '../domain/credentials';
import { aUser } from '../testing/users.fixtures';
import { CredentialsStore, type UserCredentials } from './credentials-store';

/** Records what the store sends, as Kafka would place it: partition 0, offsets from 40. */
function recordingProducer() {
  const sent: { topic: string; key: string; value: EventEnvelope }[] = [];
  const producer = {
    connect: async () => undefined,
    disconnect: async () => undefined,
    send: async ({ topic, messages }: { topic: string; messages: { key: string; value: string }[] }) => {
      for (const m of messages) sent.push({ topic, key: m.key, value: EventEnvelope.parse(JSON.parse(m.value)) });
      return [{ topicName: topic, partition: 0, errorCode: 0, baseOffset: String(39 + sent.length) }];
    },
  };
  return { sent, producer: producer as unknown as ConstructorParameters<typeof CredentialsStore>[0] };
}

const credentials = (userId: number, nonce: string): UserCredentials => ({
  userId,
  passwordHash: null,
  apiKeyHash: 'a'.repeat(64),
  apiKeyNonce: nonce.padEnd(16, '-'),
});
const ctx = (at: string) => ({ commandId: 'cmd-1', correlationId: 'req-1', actorId: 1, now: new Date(at) });

describe("the users service's credentials", () => {
  it('appends one record per user to the private topic, keyed by the user, and answers where each went', async () => {
    const { sent, producer } = recordingProducer();
    const store = new CredentialsStore(producer);
    const positions = await store.issue([credentials(4, 'four'), credentials(5, 'five')], ctx('2026-01-01T00:00:00.000Z'));
    expect(sent.map((s) => [s.topic, s.key, s.value.type, s.value.causationId, s.value.correlationId])).toEqual([
      [CREDENTIALS_TOPIC, 'user:4', 'user.credentials_issued.v1', 'cmd-1', 'req-1'],
      [CREDENTIALS_TOPIC, 'user:5', 'user.credentials_issued.v1', 'cmd-1', 'req-1'],
    ]);
    expect(positions).toEqual([
      { topic: CREDENTIALS_TOPIC, partition: 0, offset: '40' },
      { topic: CREDENTIALS_TOPIC, partition: 0, offset: '41' },
    ]);
    expect(store.of(aUser({ userId: 5 }))?.apiKeyNonce).toBe('five'.padEnd(16, '-'));
  });

  it('keeps the latest issue of a user, whichever it reads first (a command redelivered after a crash issues again)', async () => {
    const { sent, producer } = recordingProducer();
    const store = new CredentialsStore(producer);
    await store.issue([credentials(4, 'first')], ctx('2026-01-01T00:00:00.000Z'));
    const earlier = sent[0].value;
    await store.issue([credentials(4, 'second')], ctx('2026-01-01T00:00:05.000Z'));
    store.apply(earlier); // the follower reads the first record after the second was issued here
    expect(store.of(aUser({ userId: 4 }))?.apiKeyNonce).toBe('second'.padEnd(16, '-'));

    const replayed = new CredentialsStore(producer);
    for (const record of [...sent].reverse()) replayed.apply(record.value);
    expect(replayed.of(aUser({ userId: 4 }))?.apiKeyNonce).toBe('second'.padEnd(16, '-'));
  });

  it('falls back to what user.created.v1 carried for users of older logs, and derives their key', () => {
    const store = new CredentialsStore(recordingProducer().producer);
    const legacy = aUser({ userId: 6, passwordHash: 'scrypt$old', apiKeyHash: 'c'.repeat(64), apiKeyNonce: 'legacy-nonce-0123' });
    expect(store.of(legacy)).toEqual({
      userId: 6,
      passwordHash: 'scrypt$old',
      apiKeyHash: 'c'.repeat(64),
      apiKeyNonce: 'legacy-nonce-0123',
    });
    expect(store.apiKeyOf(legacy, 's'.repeat(32))).toBe(deriveApiKey('s'.repeat(32), 6, 'legacy-nonce-0123'));
    const none = aUser({ userId: 7, passwordHash: undefined, apiKeyHash: undefined, apiKeyNonce: undefined });
    expect(store.of(none)).toBeUndefined();
    expect(() => store.apiKeyOf(none, 's'.repeat(32))).toThrow(expect.objectContaining({ code: 'INTERNAL_SERVER_ERROR' }));
  });
});

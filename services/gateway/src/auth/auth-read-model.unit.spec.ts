import { Role, UserSettings, type EventEnvelope } from '@zulip-es/contracts';
import { AuthReadModel } from './auth-read-model';

const HASH = 'a'.repeat(64);
let sequence = 0;
const event = (type: string, data: Record<string, unknown>, time = '2026-01-01T00:00:00.000Z'): EventEnvelope => ({
  eventId: `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`,
  type,
  aggregateId: 'user:3',
  sequence,
  time,
  actorId: 1,
  correlationId: 'c',
  causationId: 'c',
  data,
});
const created = event('user.created.v1', {
  userId: 3,
  realmId: 1,
  deliveryEmail: 'ada@example.com',
  fullName: 'Ada',
  role: Role.MEMBER,
  isBot: false,
  timezone: '',
  emailAddressVisibility: 1,
  dateJoined: '2026-01-01T00:00:00.000Z',
  passwordHash: null,
  apiKeyHash: HASH,
  apiKeyNonce: 'n'.repeat(16),
});

describe('the gateway authentication read model', () => {
  it('follows role, email and activation changes of a user', () => {
    const model = new AuthReadModel();
    model.apply(created);
    model.apply(event('user.role_changed.v1', { userId: 3, role: Role.MODERATOR }));
    model.apply(event('user.email_changed.v1', { userId: 3, deliveryEmail: 'ada@new.example.com', previousEmail: 'ada@example.com' }));
    model.apply(event('user.deactivated.v1', { userId: 3 }));
    expect(model.byApiKeyHash(HASH)).toEqual({
      userId: 3,
      realmId: 1,
      deliveryEmail: 'ada@new.example.com',
      role: Role.MODERATOR,
      isActive: false,
      apiKeyHash: HASH,
    });
    model.apply(event('user.reactivated.v1', { userId: 3 }));
    expect(model.byApiKeyHash(HASH)?.isActive).toBe(true);
  });

  it('passes by events that do not concern credentials, and ones it does not know, without parsing them', () => {
    const model = new AuthReadModel();
    model.apply(created);
    model.apply(event('user.full_name_changed.v1', { userId: 3, fullName: 'Ada L.' }));
    model.apply(event('some_future.event.v9', { anything: true }));
    expect(model.byApiKeyHash(HASH)).toMatchObject({ userId: 3, role: Role.MEMBER, isActive: true });
  });

  it('refuses a malformed credential event rather than dropping it silently', () => {
    expect(() => new AuthReadModel().apply(event('user.role_changed.v1', { userId: 3 }))).toThrow();
  });

  describe('with the API key on the private credentials topic', () => {
    const { passwordHash, apiKeyHash, apiKeyNonce, ...account } = created.data as Record<string, unknown>;
    void passwordHash;
    void apiKeyHash;
    void apiKeyNonce;
    const settings = Object.fromEntries(
      Object.entries(UserSettings.shape).map(([name, schema]) => [name, [true, 0, ''].find((value) => schema.safeParse(value).success)]),
    );
    const createdV2 = () => event('user.created.v2', { ...account, settings });
    const issued = (hash: string, time: string) =>
      event('user.credentials_issued.v1', { userId: 3, passwordHash: null, apiKeyHash: hash, apiKeyNonce: 'n'.repeat(16) }, time);

    it('authenticates a key once both the account and its key are known, in either order', () => {
      for (const order of [
        [createdV2(), issued(HASH, '2026-01-01T00:00:00.000Z')],
        [issued(HASH, '2026-01-01T00:00:00.000Z'), createdV2()],
      ]) {
        const model = new AuthReadModel();
        model.apply(order[0]);
        expect(model.byApiKeyHash(HASH)).toBeUndefined();
        model.apply(order[1]);
        expect(model.byApiKeyHash(HASH)).toEqual({
          userId: 3,
          realmId: 1,
          deliveryEmail: 'ada@example.com',
          role: Role.MEMBER,
          isActive: true,
          apiKeyHash: HASH,
        });
      }
    });

    it('keeps only the latest key of a user, whichever is read first', () => {
      const other = 'b'.repeat(64);
      const model = new AuthReadModel();
      model.apply(createdV2());
      model.apply(issued(other, '2026-01-01T00:00:01.000Z'));
      model.apply(issued(HASH, '2026-01-01T00:00:00.000Z'));
      expect(model.byApiKeyHash(HASH)).toBeUndefined();
      expect(model.byApiKeyHash(other)?.userId).toBe(3);
      model.apply(issued(HASH, '2026-01-01T00:00:02.000Z'));
      expect(model.byApiKeyHash(other)).toBeUndefined();
      expect(model.byApiKeyHash(HASH)?.userId).toBe(3);
    });
  });
});

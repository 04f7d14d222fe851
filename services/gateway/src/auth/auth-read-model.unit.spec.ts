import { Role, type EventEnvelope } from '@zulip-es/contracts';
import { AuthReadModel } from './auth-read-model';

const HASH = 'a'.repeat(64);
let sequence = 0;
const event = (type: string, data: Record<string, unknown>): EventEnvelope => ({
  eventId: `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`,
  type,
  aggregateId: 'user:3',
  sequence,
  time: '2026-01-01T00:00:00.000Z',
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
});

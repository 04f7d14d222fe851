import { createHash } from 'node:crypto';
import { Role } from '@zulip-es/contracts';
import { AuthReadModel } from './auth-read-model';
import { authenticate } from './basic-auth';

const KEY = 'abcdefghijklmnopqrstuvwxyz012345';
const hash = (k: string) => createHash('sha256').update(k).digest('hex');
const header = (user: string, key: string) => `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;

function modelWith(active = true): AuthReadModel {
  const model = new AuthReadModel();
  model.apply({
    eventId: '00000000-0000-4000-8000-000000000000',
    type: 'user.created.v1',
    aggregateId: 'user:3',
    sequence: 1,
    time: '2026-01-01T00:00:00.000Z',
    actorId: null,
    correlationId: 'c',
    causationId: 'c',
    data: {
      userId: 3,
      realmId: 1,
      deliveryEmail: 'Ada@Example.com',
      fullName: 'Ada',
      role: Role.MEMBER,
      isBot: false,
      timezone: '',
      emailAddressVisibility: 1,
      dateJoined: '2026-01-01T00:00:00.000Z',
      passwordHash: null,
      apiKeyHash: hash(KEY),
      apiKeyNonce: 'n'.repeat(16),
    },
  });
  if (!active) {
    model.apply({
      eventId: '00000000-0000-4000-8000-000000000001',
      type: 'user.deactivated.v1',
      aggregateId: 'user:3',
      sequence: 2,
      time: '2026-01-01T00:00:00.000Z',
      actorId: 1,
      correlationId: 'c',
      causationId: 'd',
      data: { userId: 3 },
    });
  }
  return model;
}

describe('HTTP Basic authentication', () => {
  it('accepts the email (any case, padded) with its API key', () => {
    expect(authenticate(header(' ada@example.COM ', KEY), modelWith())).toMatchObject({ userId: 3, role: Role.MEMBER });
  });

  it.each([
    [undefined, 'UNAUTHORIZED', 'Not logged in: API authentication or user session required'],
    ['Bearer abc', 'BAD_REQUEST', 'This endpoint requires HTTP basic authentication.'],
    ['Basic', 'UNAUTHORIZED', 'Invalid authorization header for basic auth'],
    [`Basic ${Buffer.from('no-colon').toString('base64')}`, 'UNAUTHORIZED', 'Invalid authorization header for basic auth'],
    [header('ada@example.com', 'short'), 'INVALID_API_KEY', 'Malformed API key'],
    [header('ada@example.com', 'Z'.repeat(32)), 'INVALID_API_KEY', 'Invalid API key'],
    [header('someone@example.com', KEY), 'INVALID_API_KEY', 'Invalid API key'],
  ])('refuses %s with %s', (authorization, code, msg) => {
    expect(() => authenticate(authorization, modelWith())).toThrow(expect.objectContaining({ code, msg }));
  });

  it('refuses a deactivated user with a correct key', () => {
    expect(() => authenticate(header('ada@example.com', KEY), modelWith(false))).toThrow(
      expect.objectContaining({ code: 'USER_DEACTIVATED', msg: 'Account is deactivated', status: 401 }),
    );
  });
});

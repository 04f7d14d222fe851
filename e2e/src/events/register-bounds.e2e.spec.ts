import { MAX_EVENT_TYPE_LENGTH, MAX_NARROW_OPERAND_LENGTH, MAX_REGISTER_EVENT_TYPES, MAX_REGISTER_NARROW_TERMS } from '@zulip-es/contracts';
import { api, createUser, type TestUser } from '@zulip-es/testing';

/** A queue keeps its event types and narrow as long as it lives: POST /register bounds them. */
describe('POST /register bounds', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser({ label: 'register-bounds' });
  });

  const register = (params: Record<string, unknown>) =>
    api('POST', '/register', { auth: user, params: { fetch_event_types: ['realm'], ...params } });
  const many = (count: number, length = 10) => Array.from({ length: count }, (_, i) => `${i}`.padEnd(length, 'x'));

  it('takes the largest valid lists', async () => {
    const res = await register({
      event_types: many(MAX_REGISTER_EVENT_TYPES, MAX_EVENT_TYPE_LENGTH),
      narrow: Array.from({ length: MAX_REGISTER_NARROW_TERMS }, () => ['sender', 'y'.repeat(MAX_NARROW_OPERAND_LENGTH)]),
    });
    expect(res.status).toBe(200);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'success', queue_id: expect.any(String) });
    await api('DELETE', '/events', { auth: user, params: { queue_id: res.body.queue_id } });
  });

  it.each([
    [
      'event_types',
      { event_types: many(MAX_REGISTER_EVENT_TYPES + 1) },
      `event_types is too long (limit: ${MAX_REGISTER_EVENT_TYPES} items)`,
    ],
    [
      'fetch_event_types',
      { fetch_event_types: many(MAX_REGISTER_EVENT_TYPES + 1) },
      `fetch_event_types is too long (limit: ${MAX_REGISTER_EVENT_TYPES} items)`,
    ],
    [
      'an event type',
      { event_types: ['x'.repeat(MAX_EVENT_TYPE_LENGTH + 1)] },
      `event_types[0] is too long (limit: ${MAX_EVENT_TYPE_LENGTH} characters)`,
    ],
    [
      'narrow',
      { narrow: Array.from({ length: MAX_REGISTER_NARROW_TERMS + 1 }, () => ['is', 'starred']) },
      `narrow is too long (limit: ${MAX_REGISTER_NARROW_TERMS} items)`,
    ],
    [
      'a narrow operand',
      { narrow: [['sender', 'y'.repeat(MAX_NARROW_OPERAND_LENGTH + 1)]] },
      `narrow[0][1] is too long (limit: ${MAX_NARROW_OPERAND_LENGTH} characters)`,
    ],
  ])('refuses %s over its bound with a Zulip error', async (_what, params, msg) => {
    const res = await register(params);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
  });
});

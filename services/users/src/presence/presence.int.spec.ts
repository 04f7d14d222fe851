import { api, captureEvents, createUser, type EventCapture } from '@zulip-es/testing';

describe('events of status and presence on users.events', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('users');
  });
  afterAll(() => capture.stop());

  it('a status change publishes user_status.changed.v1 on user_status:<id>; the same status again publishes nothing', async () => {
    const user = await createUser({ label: 'status-events' });
    const ofUser = (e: { aggregateId: string }) => e.aggregateId === `user_status:${user.userId}`;
    expect((await api('POST', '/users/me/status', { auth: user, params: { status_text: 'lunch', emoji_name: 'car' } })).status).toBe(200);
    const event = await capture.waitFor(ofUser);
    expect(event).toMatchObject({
      type: 'user_status.changed.v1',
      sequence: 1,
      actorId: user.userId,
      data: { userId: user.userId, statusText: 'lunch', emojiName: 'car', emojiCode: '1f697', reactionType: 'unicode_emoji' },
    });
    await api('POST', '/users/me/status', { auth: user, params: { status_text: 'lunch' } });
    expect(await capture.settle((e) => ofUser(e) && e.sequence > 1)).toEqual([]);
  });

  it('presence publishes coming online and each switch between active and idle, not repeated pings', async () => {
    const user = await createUser({ label: 'presence-events' });
    const ofUser = (e: { aggregateId: string }) => e.aggregateId === `presence:${user.userId}`;
    const ping = async (status: string) =>
      expect((await api('POST', '/users/me/presence', { auth: user, params: { status, ping_only: true } })).status).toBe(200);

    await ping('active');
    await capture.waitFor(ofUser);
    await ping('active');
    await ping('active');
    await ping('idle');
    await capture.waitFor((e) => ofUser(e) && e.sequence === 2);
    await ping('idle');
    await ping('active');
    await capture.waitFor((e) => ofUser(e) && e.sequence === 3);
    const events = await capture.settle(ofUser);
    expect(events.map((e) => [e.type, e.sequence, e.data.status])).toEqual([
      ['presence.changed.v1', 1, 'active'],
      ['presence.changed.v1', 2, 'idle'],
      ['presence.changed.v1', 3, 'active'],
    ]);
    expect(events[0]!.data).toEqual({ userId: user.userId, status: 'active', timestamp: expect.any(Number) });
    expect(Math.abs((events[0]!.data.timestamp as number) - Date.now() / 1000)).toBeLessThan(30);
  });

  it('a refused ping changes nothing and publishes nothing', async () => {
    const user = await createUser({ label: 'presence-refused' });
    const res = await api('POST', '/users/me/presence', { auth: user, params: { status: 'away' } });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid status: away' });
    expect(await capture.settle((e) => e.aggregateId === `presence:${user.userId}`)).toEqual([]);
  });
});

import { api, captureEvents, createUser, type EventCapture } from '@zulip-es/testing';

describe('navigation view events', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('users');
  });
  afterAll(() => capture.stop());

  it('publishes added, updated (changed fields only) and removed events on the user’s views aggregate', async () => {
    const user = await createUser({ label: 'view-events' });
    const aggregateId = `navigation_views:${user.userId}`;
    await api('POST', '/navigation_views', { auth: user, params: { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alerts' } });
    await api('PATCH', '/navigation_views/narrow%2Fis%2Falerted', { auth: user, params: { is_pinned: false } });
    await api('PATCH', '/navigation_views/narrow%2Fis%2Falerted', { auth: user, params: { is_pinned: false } }); // no change, no event
    await api('DELETE', '/navigation_views/narrow%2Fis%2Falerted', { auth: user });
    await capture.waitFor((e) => e.aggregateId === aggregateId && e.type === 'navigation_view.removed.v1');
    expect(capture.events.filter((e) => e.aggregateId === aggregateId).map((e) => [e.type, e.sequence, e.actorId, e.data])).toEqual([
      ['navigation_view.added.v1', 1, user.userId, { userId: user.userId, fragment: 'narrow/is/alerted', isPinned: true, name: 'Alerts' }],
      ['navigation_view.updated.v1', 2, user.userId, { userId: user.userId, fragment: 'narrow/is/alerted', isPinned: false }],
      ['navigation_view.removed.v1', 3, user.userId, { userId: user.userId, fragment: 'narrow/is/alerted' }],
    ]);
  });
});

import { Role } from '@zulip-es/contracts';
import { api, captureEvents, createUser, owner, systemInfo, type EventCapture } from '@zulip-es/testing';

describe('PATCH /users/{user_id} events', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('users');
  });
  afterAll(() => capture.stop());

  it('publishes one event per changed field, and none for unchanged ones', async () => {
    const user = await createUser({ label: 'events' });
    const changed = await api('PATCH', `/users/${user.userId}`, {
      auth: owner(),
      params: { full_name: 'Renamed Person', role: Role.MODERATOR },
    });
    expect(changed.status).toBe(200);
    const ofUser = (e: { aggregateId: string }) => e.aggregateId === `user:${user.userId}`;
    await capture.waitFor((e) => ofUser(e) && e.type === 'user.role_changed.v1');
    expect(capture.events.filter(ofUser).map((e) => [e.type, e.data, e.actorId])).toEqual([
      ['user.created.v2', expect.objectContaining({ userId: user.userId }), systemInfo().owner.userId],
      ['user.full_name_changed.v1', { userId: user.userId, fullName: 'Renamed Person' }, systemInfo().owner.userId],
      ['user.role_changed.v1', { userId: user.userId, role: Role.MODERATOR }, systemInfo().owner.userId],
    ]);

    await api('PATCH', `/users/${user.userId}`, { auth: owner(), params: { full_name: 'Renamed Person' } });
    expect(await capture.settle((e) => ofUser(e) && e.sequence > 3)).toEqual([]);
  });
});

import { Role } from '@zulip-es/contracts';
import {
  api,
  captureEvents,
  createChannel,
  createUser,
  owner,
  subscribedChannelIds,
  subscribeTo,
  uniqueChannelName,
  type EventCapture,
} from '@zulip-es/testing';

describe('DELETE /users/me/subscriptions', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('unsubscribes the caller, publishes the removal, and a second time reports the channel as not removed', async () => {
    const user = await createUser();
    const name = uniqueChannelName('leave');
    await subscribeTo([name], {}, user);
    const res = await api('DELETE', '/users/me/subscriptions', { auth: user, params: { subscriptions: [name] } });
    expect(res.body).toEqual({ result: 'success', msg: '', removed: [name], not_removed: [] });
    const removed = await capture.waitFor((e) => e.type === 'channel.subscribers_removed.v1' && e.data.channelName === name);
    expect(removed).toMatchObject({ sequence: 3, actorId: user.userId, data: { userIds: [user.userId] } });
    expect(await subscribedChannelIds(user)).toEqual([]);
    const again = await api('DELETE', '/users/me/subscriptions', { auth: user, params: { subscriptions: [name] } });
    expect(again.body).toEqual({ result: 'success', msg: '', removed: [], not_removed: [name] });
  });

  it('keeps the color of a subscription taken up again', async () => {
    const user = await createUser();
    const name = uniqueChannelName('color');
    await subscribeTo([name], {}, user);
    const color = ((await api('GET', '/users/me/subscriptions', { auth: user })).body.subscriptions as { color: string }[])[0].color;
    await api('DELETE', '/users/me/subscriptions', { auth: user, params: { subscriptions: [name] } });
    await subscribeTo([uniqueChannelName('between')], {}, user);
    await subscribeTo([name], {}, user);
    const subs = (await api('GET', '/users/me/subscriptions', { auth: user })).body.subscriptions as { name: string; color: string }[];
    expect(subs.find((s) => s.name === name)?.color).toBe(color);
  });

  it('refuses channels that do not exist', async () => {
    const name = uniqueChannelName('missing');
    const res = await api('DELETE', '/users/me/subscriptions', { auth: owner(), params: { subscriptions: [name] } });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: `Channel(s) (${name}) do not exist` });
  });

  it.each([
    [Role.ADMINISTRATOR, 200],
    [Role.MODERATOR, 400],
    [Role.MEMBER, 400],
    [Role.GUEST, 400],
  ])('removing someone else as role %i: %i', async (role, status) => {
    const [actor, target] = [await createUser({ role }), await createUser()];
    const name = uniqueChannelName('others');
    const id = await createChannel({ name, subscribers: [target.userId, actor.userId] });
    const res = await api('DELETE', '/users/me/subscriptions', {
      auth: actor,
      params: { subscriptions: [name], principals: [target.userId] },
    });
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    expect(await subscribedChannelIds(target)).toEqual(status === 200 ? [] : [id]);
  });
});

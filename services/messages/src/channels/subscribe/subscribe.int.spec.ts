import { api, captureEvents, createUser, owner, subscribeTo, uniqueChannelName, type EventCapture } from '@zulip-es/testing';

describe('POST /users/me/subscriptions', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('creates a missing channel and subscribes the caller, publishing the creation and the subscription', async () => {
    const member = await createUser({ label: 'subscriber' });
    const name = uniqueChannelName('new');
    const res = await subscribeTo([name], {}, member);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', subscribed: { [member.userId]: [name] }, already_subscribed: {}, new_subscription_messages_sent: false });
    const created = await capture.waitFor((e) => e.type === 'channel.created.v1' && e.data.name === name);
    const id = created.data.channelId as number;
    const added = await capture.waitFor((e) => e.type === 'channel.subscribers_added.v1' && e.data.channelId === id);
    expect(added).toMatchObject({ aggregateId: `channel:${id}`, sequence: 2, actorId: member.userId, data: { channelName: name, subscribers: [{ userId: member.userId, color: '#76ce90' }] } });
    const again = await subscribeTo([name.toUpperCase()], {}, member);
    expect(again.body).toMatchObject({ subscribed: {}, already_subscribed: { [member.userId]: [name] } });
    const own = await api('GET', '/users/me/subscriptions', { auth: member });
    expect(own.body.subscriptions).toEqual([expect.objectContaining({ stream_id: id, name, color: '#76ce90', invite_only: false, subscriber_count: 1 })]);
    void owner;
  });
});

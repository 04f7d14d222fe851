import { Role } from '@zulip-es/contracts';
import {
  api,
  captureEvents,
  createUser,
  owner,
  subscribedChannelIds,
  subscribeTo,
  uniqueChannelName,
  type EventCapture,
} from '@zulip-es/testing';

describe('POST /users/me/subscriptions', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('creates a missing channel and subscribes the caller, publishing the creation and the subscription', async () => {
    const member = await createUser({ label: 'subscriber' });
    const name = uniqueChannelName('new');
    const res = await subscribeTo([name], { description: 'ignored at the top level' }, member);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      subscribed: { [member.userId]: [name] },
      already_subscribed: {},
      new_subscription_messages_sent: false,
      ignored_parameters_unsupported: ['description'],
    });
    const created = await capture.waitFor((e) => e.type === 'channel.created.v1' && e.data.name === name);
    const id = created.data.channelId as number;
    expect(created).toMatchObject({
      aggregateId: `channel:${id}`,
      sequence: 1,
      actorId: member.userId,
      data: { creatorId: member.userId, inviteOnly: false, historyPublicToSubscribers: true },
    });
    const added = await capture.waitFor((e) => e.type === 'channel.subscribers_added.v1' && e.data.channelId === id);
    expect(added).toMatchObject({
      aggregateId: `channel:${id}`,
      sequence: 2,
      data: { channelName: name, subscribers: [{ userId: member.userId, color: expect.stringMatching(/^#[0-9a-f]{6}$/) }] },
    });

    const again = await subscribeTo([name.toUpperCase()], {}, member);
    expect(again.body).toMatchObject({ subscribed: {}, already_subscribed: { [member.userId]: [name] } });
    expect(await subscribedChannelIds(member)).toEqual([id]);
  });

  it('creates a private channel with protected history and refuses it to others, or lists it as unauthorized', async () => {
    const [creator, outsider] = [await createUser(), await createUser()];
    const name = uniqueChannelName('private');
    expect((await subscribeTo([name], { invite_only: true }, creator)).status).toBe(200);
    const created = await capture.waitFor((e) => e.type === 'channel.created.v1' && e.data.name === name);
    expect(created.data).toMatchObject({ inviteOnly: true, historyPublicToSubscribers: false });

    const refused = await subscribeTo([name], {}, outsider);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: `Unable to access channel (${name}).` });
    const other = uniqueChannelName('other');
    const partial = await subscribeTo([name, other], { authorization_errors_fatal: false }, outsider);
    expect(partial.body).toMatchObject({ subscribed: { [outsider.userId]: [other] }, unauthorized: [name] });
  });

  it('subscribes other users by id or email, which the channel creator may always do', async () => {
    const [creator, a, b] = [await createUser(), await createUser(), await createUser()];
    const name = uniqueChannelName('team');
    const res = await subscribeTo([name], { principals: [a.userId, b.userId] }, creator);
    expect(res.body).toMatchObject({ subscribed: { [a.userId]: [name], [b.userId]: [name] } });
    const byEmail = await subscribeTo([name], { principals: [creator.email] }, a);
    expect(byEmail.body).toMatchObject({ subscribed: { [creator.userId]: [name] } });
    const unknown = await subscribeTo([name], { principals: [999_999] }, a);
    expect(unknown.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
  });

  it('refuses guests, whatever they ask', async () => {
    const guest = await createUser({ role: Role.GUEST });
    const res = await subscribeTo([uniqueChannelName()], {}, guest);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Not allowed for guest users' });
  });

  it.each([
    ['an empty name', [' '], "Channel name can't be empty."],
    ['a name over 60 characters', ['x'.repeat(61)], 'Channel name too long (limit: 60 characters).'],
  ])('refuses %s', async (_what, names, msg) => {
    const res = await subscribeTo(names, {}, owner());
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
  });

  it('refuses a description over 1024 characters', async () => {
    const res = await api('POST', '/users/me/subscriptions', {
      auth: owner(),
      params: { subscriptions: [{ name: uniqueChannelName(), description: 'd'.repeat(1025) }] },
    });
    expect(res.body).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'subscriptions[0]["description"] is too long (limit: 1024 characters)',
    });
  });

  it('decides on a role given a moment before, by another user (read-your-writes through the gateway)', async () => {
    const member = await createUser();
    const name = uniqueChannelName('promoted');
    // Only administrators may make default channels; the owner promotes the member, who acts at once.
    const promoted = await api('PATCH', `/users/${member.userId}`, { auth: owner(), params: { role: Role.ADMINISTRATOR } });
    expect(promoted.status).toBe(200);
    const res = await subscribeTo([name], { is_default_stream: true }, member);
    expect(res.status).toBe(200);
    const created = await capture.waitFor((e) => e.type === 'channel.created.v1' && e.data.name === name);
    await capture.waitFor((e) => e.type === 'default_channel.added.v1' && e.data.channelId === created.data.channelId);
    await api('DELETE', '/default_streams', { auth: owner(), params: { stream_id: created.data.channelId } });
  });
});

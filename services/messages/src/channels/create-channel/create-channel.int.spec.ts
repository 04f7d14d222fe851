import { Role } from '@zulip-es/contracts';
import { api, captureEvents, createUser, owner, subscribedChannelIds, uniqueChannelName, type EventCapture } from '@zulip-es/testing';

describe('POST /channels/create', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('creates a channel, subscribes the listed users and answers its id', async () => {
    const [creator, a] = [await createUser(), await createUser()];
    const name = uniqueChannelName('music');
    const res = await api('POST', '/channels/create', {
      auth: creator,
      params: { name, description: 'All **things** music', subscribers: [a.userId], can_send_message_group: 6 },
    });
    expect(res.status).toBe(200);
    const id = res.body.id as number;
    expect(res.body).toEqual({ result: 'success', msg: '', id });
    const created = await capture.waitFor((e) => e.type === 'channel.created.v1' && e.data.channelId === id);
    expect(created.data).toMatchObject({
      name,
      description: 'All **things** music',
      renderedDescription: '<p>All <strong>things</strong> music</p>',
      creatorId: creator.userId,
    });
    expect(created.data.settings).toMatchObject({
      can_send_message_group: 6,
      can_administer_channel_group: { directMembers: [creator.userId], directSubgroups: [] },
    });
    await capture.waitFor((e) => e.type === 'channel.subscribers_added.v1' && e.data.channelId === id);
    expect(await subscribedChannelIds(a)).toEqual([id]);
    expect(await subscribedChannelIds(creator)).toEqual([]);

    const stream = await api('GET', `/streams/${id}`, { auth: a });
    expect(stream.body.stream).toMatchObject({
      stream_id: id,
      name,
      stream_post_policy: 1,
      can_send_message_group: 6,
      subscriber_count: 1,
    });
  });

  it("renders the description with the organization's mentions and channel links, without previews or emoticons", async () => {
    const [creator, mentioned] = [await createUser(), await createUser()];
    const other = uniqueChannelName('other');
    expect((await api('POST', '/channels/create', { auth: creator, params: { name: other, subscribers: [creator.userId] } })).status).toBe(
      200,
    );
    const name = uniqueChannelName('described');
    const description = `Ask @**${mentioned.fullName}|${mentioned.userId}** or see #**${other}** :) https://example.com/a.png`;
    const res = await api('POST', '/channels/create', { auth: creator, params: { name, description, subscribers: [] } });
    expect(res.status).toBe(200);
    const created = await capture.waitFor((e) => e.type === 'channel.created.v1' && e.data.channelId === res.body.id);
    const otherId = (await api('GET', '/get_stream_id', { auth: creator, params: { stream: other } })).body.stream_id as number;
    expect(created.data.renderedDescription).toBe(
      `<p>Ask <span class="user-mention" data-user-id="${mentioned.userId}">@${mentioned.fullName}</span> or see ` +
        `<a class="stream" data-stream-id="${otherId}" href="/#narrow/channel/${otherId}-${other}">#${other}</a> :) ` +
        '<a href="https://example.com/a.png">https://example.com/a.png</a></p>',
    );
  });

  it('answers 409 CHANNEL_ALREADY_EXISTS for a name in use in any case', async () => {
    const name = uniqueChannelName('taken');
    expect((await api('POST', '/channels/create', { auth: owner(), params: { name, subscribers: [] } })).status).toBe(200);
    const again = await api('POST', '/channels/create', { auth: owner(), params: { name: ` ${name.toUpperCase()} `, subscribers: [] } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ result: 'error', code: 'CHANNEL_ALREADY_EXISTS', msg: `Channel '${name.toUpperCase()}' already exists` });
  });

  it('creates nothing when a subscriber does not exist', async () => {
    const name = uniqueChannelName('nobody');
    const res = await api('POST', '/channels/create', { auth: owner(), params: { name, subscribers: [999_999] } });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
    expect((await api('GET', '/get_stream_id', { auth: owner(), params: { stream: name } })).body).toMatchObject({
      msg: `Invalid channel name '${name}'`,
    });
  });

  it.each([
    [Role.OWNER, 200],
    [Role.ADMINISTRATOR, 200],
    [Role.MODERATOR, 200],
    [Role.MEMBER, 200],
    [Role.GUEST, 400],
  ])('role %i: %i', async (role, status) => {
    const user = await createUser({ role });
    const res = await api('POST', '/channels/create', { auth: user, params: { name: uniqueChannelName('role'), subscribers: [] } });
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body).toMatchObject({ msg: 'Not allowed for guest users' });
  });

  it("follows the organization's can_create_public_channel_group", async () => {
    const [moderator, member] = [await createUser({ role: Role.MODERATOR }), await createUser()];
    const before = (await api('POST', '/register', { auth: owner(), params: { fetch_event_types: ['realm'] } })).body
      .realm_can_create_public_channel_group;
    await api('PATCH', '/realm', { auth: owner(), params: { can_create_public_channel_group: { new: 4 } } });
    try {
      const refused = await api('POST', '/channels/create', {
        auth: member,
        params: { name: uniqueChannelName('public'), subscribers: [] },
      });
      expect(refused.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Insufficient permission' });
      const allowed = await api('POST', '/channels/create', {
        auth: moderator,
        params: { name: uniqueChannelName('public'), subscribers: [] },
      });
      expect(allowed.status).toBe(200);
      const privateOk = await api('POST', '/channels/create', {
        auth: member,
        params: { name: uniqueChannelName('private'), subscribers: [], invite_only: true },
      });
      expect(privateOk.status).toBe(200);
    } finally {
      await api('PATCH', '/realm', { auth: owner(), params: { can_create_public_channel_group: { new: before } } });
    }
  });
});

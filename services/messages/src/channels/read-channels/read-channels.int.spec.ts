import { Role } from '@zulip-es/contracts';
import { api, createChannel, createUser, owner, subscribeTo, uniqueChannelName } from '@zulip-es/testing';

const names = (body: Record<string, unknown>, key = 'streams') => (body[key] as { name: string }[]).map((s) => s.name);

describe('reading channels', () => {
  it("GET /streams answers public channels and the private ones the caller is in, sorted by name, in Zulip's shape", async () => {
    const member = await createUser();
    const [pub, priv, hidden] = [uniqueChannelName('b-public'), uniqueChannelName('a-private'), uniqueChannelName('c-hidden')];
    const pubId = await createChannel({ name: pub, description: 'Hello' });
    await createChannel({ name: priv, invite_only: true, subscribers: [member.userId] });
    await createChannel({ name: hidden, invite_only: true });
    const res = await api('GET', '/streams', { auth: member });
    const listed = names(res.body);
    expect(listed).toEqual(expect.arrayContaining([pub, priv]));
    expect(listed).not.toContain(hidden);
    expect(listed).toEqual([...listed].sort());
    expect((res.body.streams as Record<string, unknown>[]).find((s) => s.name === pub)).toEqual({
      stream_id: pubId,
      name: pub,
      is_archived: false,
      description: 'Hello',
      rendered_description: '<p>Hello</p>',
      date_created: expect.any(Number),
      creator_id: owner() && expect.any(Number),
      invite_only: false,
      is_web_public: false,
      stream_post_policy: 1,
      is_announcement_only: false,
      message_retention_days: null,
      history_public_to_subscribers: true,
      topics_policy: 'inherit',
      first_message_id: null,
      folder_id: null,
      is_recently_active: true,
      stream_weekly_traffic: null,
      can_add_subscribers_group: 1,
      can_administer_channel_group: { direct_members: [expect.any(Number)], direct_subgroups: [] },
      can_delete_any_message_group: 1,
      can_delete_own_message_group: 1,
      can_move_messages_out_of_channel_group: 1,
      can_move_messages_within_channel_group: 1,
      can_remove_subscribers_group: 3,
      can_send_message_group: 7,
      can_subscribe_group: 1,
      can_resolve_topics_group: 1,
      can_create_topic_group: 7,
      subscriber_count: 0,
    });
  });

  it('GET /streams with include_all shows administrators every channel; include_default marks default channels', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    const hidden = uniqueChannelName('hidden');
    const id = await createChannel({ name: hidden, invite_only: true });
    expect(names((await api('GET', '/streams', { auth: admin })).body)).not.toContain(hidden);
    expect(names((await api('GET', '/streams', { auth: admin, params: { include_all: true } })).body)).toContain(hidden);
    const withDefault = await api('GET', '/streams', { auth: admin, params: { include_all: true, include_default: true } });
    expect((withDefault.body.streams as { stream_id: number; is_default: boolean }[]).find((s) => s.stream_id === id)?.is_default).toBe(
      false,
    );
  });

  it('GET /streams shows guests only their own channels', async () => {
    const guest = await createUser({ role: Role.GUEST });
    const mine = uniqueChannelName('guest');
    await createChannel({ name: mine, subscribers: [guest.userId] });
    await createChannel();
    expect(names((await api('GET', '/streams', { auth: guest })).body)).toEqual([mine]);
  });

  it('GET /streams/{stream_id} answers a channel the caller may see, "Invalid channel ID" otherwise', async () => {
    const member = await createUser();
    const hiddenId = await createChannel({ invite_only: true });
    const res = await api('GET', `/streams/${hiddenId}`, { auth: member });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
    expect((await api('GET', '/streams/999999', { auth: member })).body).toMatchObject({ msg: 'Invalid channel ID' });
    const adminView = await api('GET', `/streams/${hiddenId}`, { auth: owner() });
    expect(adminView.body.stream).toMatchObject({ stream_id: hiddenId, invite_only: true, history_public_to_subscribers: false });
  });

  it('GET /get_stream_id finds a channel by name', async () => {
    const name = uniqueChannelName('lookup');
    const id = await createChannel({ name });
    expect((await api('GET', '/get_stream_id', { auth: owner(), params: { stream: name.toUpperCase() } })).body).toEqual({
      result: 'success',
      msg: '',
      stream_id: id,
    });
  });

  it('GET /streams/{stream_id}/members lists active subscribers; private ones only for those with access', async () => {
    const [a, b, outsider] = [await createUser(), await createUser(), await createUser()];
    const id = await createChannel({ invite_only: true, subscribers: [a.userId, b.userId] });
    expect((await api('GET', `/streams/${id}/members`, { auth: a })).body).toEqual({
      result: 'success',
      msg: '',
      subscribers: [a.userId, b.userId],
    });
    expect((await api('GET', `/streams/${id}/members`, { auth: outsider })).body).toMatchObject({ msg: 'Invalid channel ID' });
    await api('DELETE', `/users/${b.userId}`, { auth: owner() });
    expect((await api('GET', `/streams/${id}/members`, { auth: owner() })).body.subscribers).toEqual([a.userId]);
  });

  it('GET /users/me/subscriptions answers the subscriptions with their settings, subscribers on request', async () => {
    const [user, other] = [await createUser(), await createUser()];
    const name = uniqueChannelName('mine');
    await subscribeTo([name], { principals: [user.userId, other.userId] }, user);
    const res = await api('GET', '/users/me/subscriptions', { auth: user, params: { include_subscribers: 'true' } });
    expect(res.body.subscriptions).toEqual([
      expect.objectContaining({
        name,
        color: expect.stringMatching(/^#[0-9a-f]{6}$/),
        is_muted: false,
        in_home_view: true,
        pin_to_top: false,
        desktop_notifications: null,
        audible_notifications: null,
        push_notifications: null,
        email_notifications: null,
        wildcard_mentions_notify: null,
        subscribers: [user.userId, other.userId].sort((x, y) => x - y),
        subscriber_count: 2,
      }),
    ]);
    const plain = await api('GET', '/users/me/subscriptions', { auth: user });
    expect(plain.body.subscriptions).toEqual([expect.not.objectContaining({ subscribers: expect.anything() })]);
  });
});

import { Role } from '@zulip-es/contracts';
import { api, createChannel, createUser, uniqueChannelName, type TestUser } from '@zulip-es/testing';
import { edit, send, SUCCESS } from './edit-message/edit-message.int-helpers';

const REFUSED = { result: 'error', code: 'BAD_REQUEST', msg: 'You do not have permission to create new topics in this channel.' };
const MODERATORS = 4;
const post = (auth: TestUser, to: string, topic: string) =>
  api('POST', '/messages', { auth, params: { type: 'stream', to, topic, content: 'hi' } });

describe('can_create_topic_group: starting topics', () => {
  let users: Record<'owner' | 'admin' | 'moderator' | 'member' | 'guest', TestUser>;
  beforeAll(async () => {
    users = {
      owner: await createUser({ role: Role.OWNER }),
      admin: await createUser({ role: Role.ADMINISTRATOR }),
      moderator: await createUser({ role: Role.MODERATOR }),
      member: await createUser({ role: Role.MEMBER }),
      guest: await createUser({ role: Role.GUEST }),
    };
  });

  /** A public channel everyone is subscribed to, where `group` starts topics, with a topic `lunch` (started by `starter`, in the group). */
  async function channelWhere(group: unknown, starter = users.moderator): Promise<{ name: string; channelId: number }> {
    const name = uniqueChannelName('topics');
    const channelId = await createChannel({ name, subscribers: Object.values(users).map((u) => u.userId), can_create_topic_group: group });
    await send(starter, { type: 'stream', to: name, topic: 'lunch', content: 'first' });
    return { name, channelId };
  }

  it('channels show the setting; it defaults to role:everyone, and protected history requires role:everyone', async () => {
    const open = await createChannel();
    expect((await api('GET', `/streams/${open}`, { auth: users.owner })).body.stream).toMatchObject({ can_create_topic_group: 7 });
    const { channelId } = await channelWhere(MODERATORS);
    expect((await api('GET', `/streams/${channelId}`, { auth: users.owner })).body.stream).toMatchObject({
      can_create_topic_group: MODERATORS,
    });
    const res = await api('POST', '/channels/create', {
      auth: users.owner,
      params: { name: uniqueChannelName('protected'), subscribers: [], invite_only: true, can_create_topic_group: MODERATORS },
    });
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Unsupported parameter combination: history_public_to_subscribers, can_create_topic_group',
      parameters: 'history_public_to_subscribers, can_create_topic_group',
    });
  });

  it.each([
    ['owner', true],
    ['admin', true],
    ['moderator', true],
    ['member', false],
    ['guest', false],
  ] as const)(
    'POST /messages to a new topic where moderators start topics: %s allowed=%s; an existing topic (any case) is open to all',
    async (role, allowed) => {
      const { name } = await channelWhere(MODERATORS);
      const res = await post(users[role], name, `new by ${role}`);
      if (allowed) expect(res.body).toMatchObject({ result: 'success' });
      else expect(res.body).toEqual(REFUSED);
      expect((await post(users[role], name, 'LUNCH')).body).toMatchObject({ result: 'success' });
    },
  );

  it('administrators are not exempt: where one member alone starts topics, the owner is refused a new topic and the member is not', async () => {
    const { name } = await channelWhere({ direct_members: [users.member.userId], direct_subgroups: [] }, users.member);
    expect((await post(users.owner, name, 'owner topic')).body).toEqual(REFUSED);
    expect((await post(users.member, name, 'member topic')).body).toMatchObject({ result: 'success' });
  });

  it('PATCH /messages/{id}: a move to a new topic needs the permission, a move to an existing topic or a resolve does not', async () => {
    const { name } = await channelWhere(MODERATORS);
    await send(users.moderator, { type: 'stream', to: name, topic: 'other', content: 'there' });
    const id = await send(users.member, { type: 'stream', to: name, topic: 'lunch', content: 'mine' });
    expect((await edit(users.member, id, { topic: 'dinner' })).body).toEqual(REFUSED);
    expect((await edit(users.member, id, { topic: 'Other', send_notification_to_new_thread: false })).body).toEqual(SUCCESS);
    expect((await edit(users.member, id, { topic: '✔ Other', propagate_mode: 'change_all' })).body).toEqual(SUCCESS);
    expect((await edit(users.moderator, id, { topic: 'dinner', send_notification_to_new_thread: false })).body).toEqual(SUCCESS);
  });

  it("PATCH /messages/{id}: a move into another channel's new topic needs that channel's permission", async () => {
    const from = uniqueChannelName('from');
    await createChannel({ name: from, subscribers: [users.member.userId] });
    const { channelId: to } = await channelWhere(MODERATORS);
    const id = await send(users.member, { type: 'stream', to: from, topic: 'fresh', content: 'moving' });
    expect((await edit(users.member, id, { stream_id: to })).body).toEqual(REFUSED);
    expect((await edit(users.member, id, { stream_id: to, topic: 'lunch', send_notification_to_new_thread: false })).body).toEqual(SUCCESS);
  });
});

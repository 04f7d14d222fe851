import { api, createChannel, createUser, TestEventQueue, uniqueChannelName, type Credentials, type TestUser } from '@zulip-es/testing';

type Message = { id: number; flags: string[] };
type UnreadMsgs = {
  count: number;
  streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  pms: { other_user_id: number; unread_message_ids: number[] }[];
  huddles: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions: number[];
  old_unreads_missing: boolean;
};

const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });
/** Zulip's own apps send as humans: their messages are read by their senders. */
const AS_APP = { 'user-agent': 'ZulipMobile/27.0 (Android 14)' };

async function send(auth: Credentials, to: string, topic: string, content: string, headers: Record<string, string> = {}): Promise<number> {
  const res = await api('POST', '/messages', { auth, params: { type: 'stream', to, topic, content }, headers });
  if (res.status !== 200) throw new Error(`send failed: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

async function flagsOf(auth: Credentials, ids: number[]): Promise<Record<number, string[]>> {
  const res = await api('GET', '/messages', { auth, params: { message_ids: ids } });
  return Object.fromEntries((res.body.messages as Message[]).map((m) => [m.id, m.flags]));
}

async function unreadOf(auth: Credentials): Promise<UnreadMsgs> {
  const res = await api('POST', '/register', {
    auth,
    params: { fetch_event_types: ['message', 'update_message_flags', 'starred_messages'] },
  });
  await api('DELETE', '/events', { auth, params: { queue_id: res.body.queue_id } });
  return res.body.unread_msgs as UnreadMsgs;
}

const flags = (auth: Credentials, op: string, flag: string, messages: number[]) =>
  api('POST', '/messages/flags', { auth, params: { messages, op, flag } });

describe('message flags', () => {
  let alice: TestUser;
  let bob: TestUser;
  let channel: string;
  let channelId: number;

  beforeAll(async () => {
    [alice, bob] = [await createUser({ label: 'flags-alice' }), await createUser({ label: 'flags-bob' })];
    channel = uniqueChannelName('flags');
    channelId = await createChannel({ name: channel, subscribers: [alice.userId, bob.userId] }, alice);
  });

  it('delivers a message unread to its recipients and read to a sender using Zulip’s apps; an API client’s own message stays unread', async () => {
    const fromApp = await send(bob, channel, 'delivery', 'from the app', AS_APP);
    const fromScript = await send(bob, channel, 'delivery', 'from a script');
    expect(await flagsOf(alice, [fromApp, fromScript])).toEqual({ [fromApp]: [], [fromScript]: [] });
    expect(await flagsOf(bob, [fromApp, fromScript])).toEqual({ [fromApp]: ['read'], [fromScript]: [] });
  });

  it('counts unread messages in POST /register by channel and topic, and marking read and unread changes them', async () => {
    const topic = `counted-${Date.now()}`;
    const ids = [
      await send(bob, channel, topic, 'one', AS_APP),
      await send(bob, channel, topic, 'two', AS_APP),
      await send(bob, channel, topic, 'three', AS_APP),
    ];
    const before = await unreadOf(alice);
    expect(before.streams.find((s) => s.topic === topic)).toEqual({ stream_id: channelId, topic, unread_message_ids: ids });

    const read = await flags(alice, 'add', 'read', [ids[0]!, ids[1]!]);
    expect(read.body).toEqual({ result: 'success', msg: '', messages: [ids[0], ids[1]] });
    expect(await flagsOf(alice, ids)).toEqual({ [ids[0]!]: ['read'], [ids[1]!]: ['read'], [ids[2]!]: [] });
    expect((await unreadOf(alice)).streams.find((s) => s.topic === topic)?.unread_message_ids).toEqual([ids[2]]);
    expect((await unreadOf(alice)).count).toBe(before.count - 2);

    const unread = await flags(alice, 'remove', 'read', [ids[0]!]);
    expect(unread.body).toEqual({ result: 'success', msg: '', messages: [ids[0]], ignored_because_not_subscribed_channels: [] });
    expect((await unreadOf(alice)).streams.find((s) => s.topic === topic)?.unread_message_ids).toEqual([ids[0], ids[2]]);
  });

  it('tells the user’s queues which messages changed, with message_details when marking unread', async () => {
    const topic = `events-${Date.now()}`;
    const id = await send(bob, channel, topic, 'news', AS_APP);
    const queue = await TestEventQueue.register(alice, { event_types: ['update_message_flags'] });
    await flags(alice, 'add', 'read', [id]);
    await flags(alice, 'add', 'read', [id]); // already read: changes nothing, tells nothing
    await flags(alice, 'remove', 'read', [id]);
    const added = await queue.waitFor((e) => e.type === 'update_message_flags' && e.op === 'add');
    expect(added).toMatchObject({ op: 'add', operation: 'add', flag: 'read', messages: [id], all: false });
    const removed = await queue.waitFor((e) => e.type === 'update_message_flags' && e.op === 'remove');
    expect(removed).toMatchObject({
      flag: 'read',
      messages: [id],
      message_details: { [id]: { type: 'stream', stream_id: channelId, topic, unmuted_stream_msg: true } },
    });
    expect(queue.ofType('update_message_flags')).toHaveLength(2);
    await queue.delete();
  });

  it('tells a message marked unread in a muted channel as muted, unless its topic is unmuted', async () => {
    const muted = await createChannel({ name: uniqueChannelName('flags-muted'), subscribers: [alice.userId, bob.userId] }, bob);
    const [quiet, loud] = [await send(bob, String(muted), 'quiet', 'hush', AS_APP), await send(bob, String(muted), 'loud', 'hey', AS_APP)];
    const property = { subscription_data: [{ stream_id: muted, property: 'is_muted', value: true }] };
    expect((await api('POST', '/users/me/subscriptions/properties', { auth: alice, params: property })).status).toBe(200);
    expect(
      (await api('POST', '/user_topics', { auth: alice, params: { stream_id: muted, topic: 'loud', visibility_policy: 2 } })).status,
    ).toBe(200);
    await flags(alice, 'add', 'read', [quiet, loud]);
    const queue = await TestEventQueue.register(alice, { event_types: ['update_message_flags'] });
    await flags(alice, 'remove', 'read', [quiet, loud]);
    const removed = await queue.waitFor((e) => e.type === 'update_message_flags' && e.op === 'remove');
    expect(removed.message_details).toMatchObject({ [quiet]: { unmuted_stream_msg: false }, [loud]: { unmuted_stream_msg: true } });
    await queue.delete();
  });

  it('stars and unstars, listing starred messages in POST /register', async () => {
    const id = await send(bob, channel, 'stars', 'shiny', AS_APP);
    await flags(alice, 'add', 'starred', [id]);
    expect((await flagsOf(alice, [id]))[id]).toEqual(['starred']);
    const registered = await api('POST', '/register', { auth: alice, params: { fetch_event_types: ['starred_messages'] } });
    expect(registered.body.starred_messages).toContain(id);
    await flags(alice, 'remove', 'starred', [id]);
    expect((await flagsOf(alice, [id]))[id]).toEqual([]);
  });

  it('marks a topic, a channel, or everything read', async () => {
    const topic = `bulk-${Date.now()}`;
    const inTopic = [await send(bob, channel, topic, 'a', AS_APP), await send(bob, channel, topic, 'b', AS_APP)];
    const elsewhere = await send(bob, channel, `${topic}-other`, 'c', AS_APP);
    expect((await api('POST', '/mark_topic_as_read', { auth: alice, params: { stream_id: channelId, topic_name: topic } })).body).toEqual({
      result: 'success',
      msg: '',
    });
    expect(await flagsOf(alice, [...inTopic, elsewhere])).toEqual({ [inTopic[0]!]: ['read'], [inTopic[1]!]: ['read'], [elsewhere]: [] });
    expect((await api('POST', '/mark_stream_as_read', { auth: alice, params: { stream_id: channelId } })).body).toEqual({
      result: 'success',
      msg: '',
    });
    expect((await flagsOf(alice, [elsewhere]))[elsewhere]).toEqual(['read']);

    await send(bob, channel, topic, 'later', AS_APP);
    const queue = await TestEventQueue.register(alice, { event_types: ['update_message_flags'] });
    expect((await api('POST', '/mark_all_as_read', { auth: alice })).body).toEqual({ result: 'success', msg: '', complete: true });
    expect(await queue.waitFor((e) => e.type === 'update_message_flags')).toMatchObject({
      op: 'add',
      flag: 'read',
      messages: [],
      all: true,
    });
    await queue.delete();
    expect((await unreadOf(alice)).count).toBe(0);
  });

  it('marks a window of a narrow, answering what it processed and changed', async () => {
    const topic = `window-${Date.now()}`;
    const ids = [
      await send(bob, channel, topic, '1', AS_APP),
      await send(bob, channel, topic, '2', AS_APP),
      await send(bob, channel, topic, '3', AS_APP),
    ];
    const res = await api('POST', '/messages/flags/narrow', {
      auth: alice,
      params: {
        anchor: String(ids[0]),
        num_before: 0,
        num_after: 1,
        include_anchor: true,
        narrow: [
          { operator: 'channel', operand: channelId },
          { operator: 'topic', operand: topic },
        ],
        op: 'add',
        flag: 'read',
      },
    });
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      processed_count: 2,
      updated_count: 2,
      first_processed_id: ids[0],
      last_processed_id: ids[1],
      found_oldest: false,
      found_newest: false,
    });
    expect(await flagsOf(alice, ids)).toEqual({ [ids[0]!]: ['read'], [ids[1]!]: ['read'], [ids[2]!]: [] });
  });

  it('finds unread and starred messages by narrow, and anchors at the first unread one', async () => {
    const topic = `narrowed-${Date.now()}`;
    const ids = [
      await send(bob, channel, topic, 'x', AS_APP),
      await send(bob, channel, topic, 'y', AS_APP),
      await send(bob, channel, topic, 'z', AS_APP),
    ];
    await flags(alice, 'add', 'read', [ids[0]!]);
    await flags(alice, 'add', 'starred', [ids[2]!]);
    const narrow = (extra: object[]) => [{ operator: 'channel', operand: channelId }, { operator: 'topic', operand: topic }, ...extra];
    const ask = async (params: object) =>
      (
        (await api('GET', '/messages', { auth: alice, params: { anchor: 'oldest', num_before: 0, num_after: 10, ...params } })).body
          .messages as Message[]
      ).map((m) => m.id);
    expect(await ask({ narrow: narrow([{ operator: 'is', operand: 'unread' }]) })).toEqual([ids[1], ids[2]]);
    expect(await ask({ narrow: narrow([{ operator: 'is', operand: 'unread', negated: true }]) })).toEqual([ids[0]]);
    expect(await ask({ narrow: narrow([{ operator: 'is', operand: 'starred' }]) })).toEqual([ids[2]]);
    const firstUnread = await api('GET', '/messages', {
      auth: alice,
      params: { anchor: 'first_unread', num_before: 0, num_after: 0, narrow: narrow([]) },
    });
    expect(firstUnread.body).toMatchObject({ anchor: ids[1], found_anchor: true });
  });

  it('refuses unknown flags, flags the user cannot change, unknown operations and messages they may not read', async () => {
    const id = await send(bob, channel, 'refusals', 'x', AS_APP);
    expect((await flags(alice, 'add', 'sparkly', [id])).body).toEqual(error("Invalid flag: 'sparkly'"));
    expect((await flags(alice, 'add', 'mentioned', [id])).body).toEqual(error("Flag not editable: 'mentioned'"));
    expect((await flags(alice, 'toggle', 'read', [id])).body).toEqual(error("Invalid message flag operation: 'toggle'"));
    const carol = await createUser({ label: 'flags-carol' });
    const secret = await createChannel({ name: uniqueChannelName('flags-secret'), subscribers: [bob.userId], invite_only: true }, bob);
    const hidden = await send(bob, String(secret), 'x', 'hidden', AS_APP);
    expect((await flags(carol, 'add', 'starred', [hidden])).body).toEqual(error('Invalid message(s)'));
    expect((await flags(carol, 'add', 'read', [hidden])).body).toEqual({ result: 'success', msg: '', messages: [hidden] });
    expect((await api('POST', '/mark_stream_as_read', { auth: carol, params: { stream_id: secret } })).body).toEqual(
      error('Invalid channel ID'),
    );
    expect(
      (await api('POST', '/mark_topic_as_read', { auth: alice, params: { stream_id: channelId, topic_name: 'never said' } })).body,
    ).toEqual(error("No such topic 'never said'"));
  });

  it('asks for credentials', async () => {
    expect((await api('POST', '/messages/flags', { params: { messages: [1], op: 'add', flag: 'read' } })).status).toBe(401);
    expect((await api('POST', '/mark_all_as_read', { auth: { email: alice.email, apiKey: 'wrong' } })).status).toBe(401);
  });
});

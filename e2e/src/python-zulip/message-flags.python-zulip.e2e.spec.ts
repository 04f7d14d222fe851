import {
  api,
  createChannel,
  createUser,
  dedent,
  runPythonZulip,
  uniqueChannelName,
  type Credentials,
  type TestUser,
} from '@zulip-es/testing';

type Message = { id: number; flags: string[] };
type Messages = {
  result: string;
  messages: Message[];
  anchor: number;
  found_anchor: boolean;
  found_oldest: boolean;
  found_newest: boolean;
};
type UnreadMsgs = {
  count: number;
  pms: { other_user_id: number; sender_id: number; unread_message_ids: number[] }[];
  streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  huddles: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions: number[];
  old_unreads_missing: boolean;
};

/** Zulip's own apps send as humans: their messages are read by their senders. */
const AS_APP = { 'user-agent': 'ZulipMobile/27.0 (Android 14)' };
/** Zulip's `LARGER_THAN_MAX_MESSAGE_ID`: the anchor `first_unread` answers when nothing in the narrow is unread. */
const NO_UNREAD_ANCHOR = 10_000_000_000_000_000;

async function send(auth: Credentials, params: Record<string, unknown>): Promise<number> {
  const res = await api('POST', '/messages', { auth, params, headers: AS_APP });
  if (res.status !== 200) throw new Error(`send failed: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** `body` after two helpers: `narrowed`, a narrow's window through get_messages, and `ids`, the message ids of its answer. */
const withReads = (body: string): string =>
  [
    'def narrowed(narrow, anchor="oldest", before=0, after=100):',
    '    return client.get_messages({"anchor": anchor, "num_before": before, "num_after": after, "narrow": narrow})',
    'def ids(answer):',
    '    return [m["id"] for m in answer["messages"]]',
    dedent(body),
  ].join('\n');

/**
 * Message flags through the Python `zulip` package (0.9.1), as a script or bot changes them:
 * update_message_flags, the mark-as-read calls, POST /messages/flags/narrow (through
 * call_endpoint: the package has no method for it), register's unread_msgs and
 * starred_messages, and the is:unread narrows and first_unread anchor of get_messages.
 */
describe('Python zulip client: message flags', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let channel: string;
  let channelId: number;

  beforeAll(async () => {
    [alice, bob, carol] = [
      await createUser({ label: 'py-flags-alice' }),
      await createUser({ label: 'py-flags-bob' }),
      await createUser({ label: 'py-flags-carol' }),
    ];
    channel = uniqueChannelName('py-flags');
    channelId = await createChannel({ name: channel, subscribers: [alice.userId, bob.userId] }, alice);
  });

  const topicNarrow = (topic: string, ...more: object[]) => [
    { operator: 'channel', operand: channelId },
    { operator: 'topic', operand: topic },
    ...more,
  ];
  const sendTo = (topic: string, content: string) => send(bob, { type: 'stream', to: String(channelId), topic, content });

  it('marks messages read and unread and stars them with update_message_flags, as get_messages then reports', async () => {
    const topic = `flags-${Date.now()}`;
    const ids = [await sendTo(topic, 'one'), await sendTo(topic, 'two'), await sendTo(topic, 'three')];
    const result = await runPythonZulip<Record<string, Record<string, unknown>>>(
      alice,
      withReads(`
      m = args["ids"]
      read = client.update_message_flags({"messages": [m[0], m[1]], "op": "add", "flag": "read"})
      after_read = narrowed(args["narrow"])
      unread_left = narrowed(args["narrow"] + [{"operator": "is", "operand": "unread"}])
      unread = client.update_message_flags({"messages": [m[0]], "op": "remove", "flag": "read"})
      starred = client.update_message_flags({"messages": [m[2]], "op": "add", "flag": "starred"})
      unstarred = client.update_message_flags({"messages": [m[1]], "op": "remove", "flag": "starred"})
      after = narrowed(args["narrow"])
      return {"read": read, "after_read": {"flags": {str(x["id"]): x["flags"] for x in after_read["messages"]}},
              "unread_left": {"ids": ids(unread_left)}, "unread": unread, "starred": starred, "unstarred": unstarred,
              "after": {"flags": {str(x["id"]): x["flags"] for x in after["messages"]}},
              "is_starred": {"ids": ids(narrowed(args["narrow"] + [{"operator": "is", "operand": "starred"}]))}}
      `),
      { args: { ids, narrow: topicNarrow(topic) } },
    );
    expect(result.read).toEqual({ result: 'success', msg: '', messages: [ids[0], ids[1]] });
    expect(result.after_read!.flags).toEqual({ [ids[0]!]: ['read'], [ids[1]!]: ['read'], [ids[2]!]: [] });
    expect(result.unread_left!.ids).toEqual([ids[2]]);
    // Only marking unread reports the channels it skipped (none here: alice is subscribed).
    expect(result.unread).toEqual({ result: 'success', msg: '', messages: [ids[0]], ignored_because_not_subscribed_channels: [] });
    expect(result.starred).toEqual({ result: 'success', msg: '', messages: [ids[2]] });
    // Zulip answers with the ids given, whether or not their flag changed.
    expect(result.unstarred).toEqual({ result: 'success', msg: '', messages: [ids[1]] });
    expect(result.after!.flags).toEqual({ [ids[0]!]: [], [ids[1]!]: ['read'], [ids[2]!]: ['starred'] });
    expect(result.is_starred!.ids).toEqual([ids[2]]);
  });

  it('answers Zulip’s errors for a flag it does not know, one the user cannot change, and a message they may not read', async () => {
    const id = await sendTo('refusals', 'x');
    const secret = await createChannel({ name: uniqueChannelName('py-flags-secret'), subscribers: [bob.userId], invite_only: true }, bob);
    const hidden = await send(bob, { type: 'stream', to: String(secret), topic: 'x', content: 'hidden' });
    const result = await runPythonZulip<Record<string, unknown>>(
      alice,
      `
      return {
          "unknown": client.update_message_flags({"messages": [args["id"]], "op": "add", "flag": "sparkly"}),
          "fixed": client.update_message_flags({"messages": [args["id"]], "op": "add", "flag": "mentioned"}),
          "op": client.update_message_flags({"messages": [args["id"]], "op": "toggle", "flag": "read"}),
          "hidden": client.update_message_flags({"messages": [args["hidden"]], "op": "add", "flag": "starred"}),
      }
      `,
      { args: { id, hidden } },
    );
    const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });
    expect(result).toEqual({
      unknown: error("Invalid flag: 'sparkly'"),
      fixed: error("Flag not editable: 'mentioned'"),
      op: error("Invalid message flag operation: 'toggle'"),
      hidden: error('Invalid message(s)'),
    });
  });

  it('reads unread_msgs and starred_messages back from register, grouped as Zulip groups them', async () => {
    // A user of their own, so that nothing else is unread for them.
    const dana = await createUser({ label: 'py-flags-dana' });
    const own = await createChannel({ name: uniqueChannelName('py-flags-register'), subscribers: [dana.userId, bob.userId] }, bob);
    const first = await send(bob, { type: 'stream', to: String(own), topic: 'Lunch', content: 'noon?' });
    const mention = await send(bob, {
      type: 'stream',
      to: String(own),
      topic: 'lunch',
      content: `@**${dana.fullName}|${dana.userId}** you in?`,
    });
    const other = await send(bob, { type: 'stream', to: String(own), topic: 'dinner', content: 'later' });
    const umlaut = await send(bob, { type: 'stream', to: String(own), topic: 'Ärger', content: 'sorted by code point: last' });
    const direct = await send(bob, { type: 'direct', to: [dana.userId], content: 'psst' });
    const group = await send(bob, { type: 'direct', to: [dana.userId, carol.userId], content: 'all three' });
    const mine = await send(dana, { type: 'stream', to: String(own), topic: 'dinner', content: 'sent from the app: read' });

    const result = await runPythonZulip<{
      starred: unknown;
      registered: { result: string; queue_id: string; unread_msgs: UnreadMsgs; starred_messages: number[]; max_message_id: number };
      gone: unknown;
    }>(
      dana,
      `
      starred = client.update_message_flags({"messages": [args["other"]], "op": "add", "flag": "starred"})
      registered = client.register(fetch_event_types=["message", "update_message_flags", "starred_messages"])
      gone = client.deregister(registered["queue_id"])
      return {"starred": starred, "registered": registered, "gone": gone}
      `,
      { args: { other } },
    );
    expect(result.registered).toMatchObject({
      result: 'success',
      queue_id: expect.any(String),
      max_message_id: mine,
      starred_messages: [other],
    });
    const sortedIds = (...ids: number[]) => ids.sort((a, b) => a - b);
    expect(result.registered.unread_msgs).toEqual({
      count: 6,
      pms: [{ other_user_id: bob.userId, sender_id: bob.userId, unread_message_ids: [direct] }],
      // One entry per topic matched without case, named as its newest message names it, in
      // Zulip's order: lowercased topics compared by code point.
      streams: [
        { stream_id: own, topic: 'dinner', unread_message_ids: [other] },
        { stream_id: own, topic: 'lunch', unread_message_ids: [first, mention] },
        { stream_id: own, topic: 'Ärger', unread_message_ids: [umlaut] },
      ],
      huddles: [{ user_ids_string: sortedIds(bob.userId, carol.userId, dana.userId).join(','), unread_message_ids: [group] }],
      mentions: [mention],
      old_unreads_missing: false,
    });
    expect(result.gone).toMatchObject({ result: 'success' });
  });

  it('marks a topic, a channel and everything read with the mark_*_as_read calls', async () => {
    const topic = `bulk-${Date.now()}`;
    const inTopic = [await sendTo(topic, 'a'), await sendTo(topic, 'b')];
    const elsewhere = await sendTo(`${topic}-other`, 'c');
    const direct = await send(bob, { type: 'direct', to: [alice.userId], content: `dm ${topic}` });
    const result = await runPythonZulip<Record<string, unknown>>(
      alice,
      withReads(`
      unread = [{"operator": "is", "operand": "unread"}]
      channel = [{"operator": "channel", "operand": args["channel"]}]
      topic = client.mark_topic_as_read(args["channel"], args["topic"])
      after_topic = ids(narrowed(channel + unread))
      missing = client.mark_topic_as_read(args["channel"], "never said")
      stream = client.mark_stream_as_read(args["channel"])
      after_stream = ids(narrowed(channel + unread))
      dms_before = ids(narrowed([{"operator": "is", "operand": "dm"}] + unread))
      everything = client.mark_all_as_read()
      after_all = ids(narrowed(unread, anchor="newest", before=100, after=0))
      return {"topic": topic, "after_topic": after_topic, "missing": missing, "stream": stream, "after_stream": after_stream,
              "dms_before": dms_before, "all": everything, "after_all": after_all}
      `),
      { args: { channel: channelId, topic } },
    );
    expect(result.topic).toEqual({ result: 'success', msg: '' });
    expect(result.after_topic).toContain(elsewhere);
    expect(result.after_topic).not.toContain(inTopic[0]);
    expect(result.after_topic).not.toContain(inTopic[1]);
    expect(result.missing).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: "No such topic 'never said'" });
    expect(result.stream).toEqual({ result: 'success', msg: '' });
    expect(result.after_stream).toEqual([]);
    expect(result.dms_before).toContain(direct);
    expect(result.all).toEqual({ result: 'success', msg: '', complete: true });
    expect(result.after_all).toEqual([]);
  });

  it('changes a flag on a narrow’s window through call_endpoint, answering what it processed and updated', async () => {
    const topic = `narrow-${Date.now()}`;
    const ids = [await sendTo(topic, '1'), await sendTo(topic, '2'), await sendTo(topic, '3'), await sendTo(topic, '4')];
    const result = await runPythonZulip<Record<string, Record<string, unknown>>>(
      alice,
      withReads(`
      def flags(params):
          return client.call_endpoint(url="messages/flags/narrow", method="POST", request=params)
      narrow = args["narrow"]
      window = flags({"anchor": str(args["ids"][0]), "num_before": 0, "num_after": 1, "narrow": narrow, "op": "add", "flag": "read"})
      again = flags({"anchor": str(args["ids"][0]), "num_before": 0, "num_after": 1, "narrow": narrow, "op": "add", "flag": "read"})
      first_unread = flags({"anchor": "first_unread", "num_before": 0, "num_after": 5000, "narrow": narrow, "op": "add", "flag": "starred"})
      unread = ids(narrowed(narrow + [{"operator": "is", "operand": "unread"}]))
      starred = ids(narrowed(narrow + [{"operator": "is", "operand": "starred"}]))
      refused = flags({"anchor": "newest", "num_before": 1, "num_after": 1, "include_anchor": False, "narrow": narrow, "op": "add", "flag": "read"})
      return {"window": window, "again": again, "first_unread": first_unread, "read": {"unread": unread, "starred": starred}, "refused": refused}
      `),
      { args: { ids, narrow: topicNarrow(topic) } },
    );
    expect(result.window).toEqual({
      result: 'success',
      msg: '',
      processed_count: 2,
      updated_count: 2,
      first_processed_id: ids[0],
      last_processed_id: ids[1],
      found_oldest: false,
      found_newest: false,
    });
    expect(result.again).toMatchObject({
      result: 'success',
      processed_count: 2,
      updated_count: 0,
      first_processed_id: ids[0],
      last_processed_id: ids[1],
    });
    // Anchored at the first unread message (the third), through the newest.
    expect(result.first_unread).toEqual({
      result: 'success',
      msg: '',
      processed_count: 2,
      updated_count: 2,
      first_processed_id: ids[2],
      last_processed_id: ids[3],
      found_oldest: false,
      found_newest: true,
    });
    expect(result.read).toEqual({ unread: [ids[2], ids[3]], starred: [ids[2], ids[3]] });
    expect(result.refused).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'The anchor can only be excluded at an end of the range' });
  });

  it('anchors get_messages at the first unread message of a narrow, and past the newest when none is unread', async () => {
    const topic = `anchor-${Date.now()}`;
    const ids = [await sendTo(topic, 'x'), await sendTo(topic, 'y'), await sendTo(topic, 'z')];
    const result = await runPythonZulip<{ first: Messages; none: Messages; unread: number[]; read: number[] }>(
      alice,
      withReads(`
      narrow = args["narrow"]
      client.update_message_flags({"messages": [args["ids"][0]], "op": "add", "flag": "read"})
      first = narrowed(narrow, anchor="first_unread", before=1, after=1)
      unread = ids(narrowed(narrow + [{"operator": "is", "operand": "unread"}]))
      read_ones = ids(narrowed(narrow + [{"operator": "is", "operand": "unread", "negated": True}]))
      client.update_message_flags({"messages": args["ids"], "op": "add", "flag": "read"})
      none = narrowed(narrow, anchor="first_unread", before=2, after=2)
      return {"first": first, "none": none, "unread": unread, "read": read_ones}
      `),
      { args: { ids, narrow: topicNarrow(topic) } },
    );
    expect(result.first).toMatchObject({ result: 'success', anchor: ids[1], found_anchor: true, found_oldest: false, found_newest: false });
    expect(result.first.messages.map((m) => [m.id, m.flags])).toEqual([
      [ids[0], ['read']],
      [ids[1], []],
      [ids[2], []],
    ]);
    expect(result.unread).toEqual([ids[1], ids[2]]);
    expect(result.read).toEqual([ids[0]]);
    expect(result.none).toMatchObject({ result: 'success', anchor: NO_UNREAD_ANCHOR, found_anchor: false, found_newest: true });
    expect(result.none.messages.map((m) => m.id)).toEqual([ids[1], ids[2]]);
  });

  it('tells a queue the Python client polls of each flag change, once', async () => {
    const topic = `events-${Date.now()}`;
    const id = await sendTo(topic, 'news');
    const result = await runPythonZulip<{ events: Record<string, unknown>[] }>(
      alice,
      `
      queue = client.register(event_types=["update_message_flags"])
      client.update_message_flags({"messages": [args["id"]], "op": "add", "flag": "read"})
      client.update_message_flags({"messages": [args["id"]], "op": "add", "flag": "starred"})
      client.update_message_flags({"messages": [args["id"]], "op": "remove", "flag": "read"})
      events, last = [], -1
      while len(events) < 3:
          got = client.get_events(queue_id=queue["queue_id"], last_event_id=last)["events"]
          events += [e for e in got if e["type"] != "heartbeat"]
          last = got[-1]["id"] if got else last
      client.deregister(queue["queue_id"])
      return {"events": events}
      `,
      { args: { id } },
    );
    const base = { type: 'update_message_flags', messages: [id], all: false };
    expect(result.events).toEqual([
      expect.objectContaining({ ...base, op: 'add', operation: 'add', flag: 'read' }),
      expect.objectContaining({ ...base, op: 'add', operation: 'add', flag: 'starred' }),
      expect.objectContaining({
        ...base,
        op: 'remove',
        operation: 'remove',
        flag: 'read',
        message_details: { [id]: { type: 'stream', stream_id: channelId, topic, unmuted_stream_msg: true } },
      }),
    ]);
  });
});

import { createChannel, createUser, runPythonZulip, uniqueChannelName, type TestUser } from '@zulip-es/testing';

type Answer = Record<string, unknown>;
const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });

/**
 * Muted users, alert words and the channel views clients use, through the Python `zulip` package
 * as a script uses it: its own methods where it has one, `call_endpoint` where it has none (muting
 * a user, PATCH /users/me/subscriptions).
 */
describe('Python zulip client: muted users and alert words', () => {
  let alice: TestUser;
  let bob: TestUser;
  let channel: string;

  beforeAll(async () => {
    [alice, bob] = [await createUser({ label: 'py-mute-alice' }), await createUser({ label: 'py-mute-bob' })];
    channel = uniqueChannelName('py-mute');
    await createChannel({ name: channel, subscribers: [alice.userId, bob.userId] }, alice);
  });

  it("adds, lists and removes alert words, and flags another user's message that has one", async () => {
    const added = await runPythonZulip<Answer>(alice, 'return client.add_alert_words(["Deploy", "build green"])');
    expect(added).toEqual({ result: 'success', msg: '', alert_words: ['Deploy', 'build green'] });

    const sent = await runPythonZulip<Answer>(
      bob,
      'return client.send_message({"type": "stream", "to": args["channel"], "topic": "ops", "content": "We deploy at noon"})',
      { args: { channel } },
    );
    const result = await runPythonZulip<Record<string, Answer>>(
      alice,
      `
      listed = client.get_alert_words()
      message = client.get_messages({"anchor": args["id"], "num_before": 0, "num_after": 0, "apply_markdown": False})
      removed = client.remove_alert_words(["DEPLOY", "never added"])
      return {"listed": listed, "message": message, "removed": removed, "after": client.get_alert_words()}
      `,
      { args: { id: sent.id } },
    );

    expect(result.listed).toEqual({ result: 'success', msg: '', alert_words: ['Deploy', 'build green'] });
    expect(result.message!.messages).toEqual([
      expect.objectContaining({ id: sent.id, content: 'We deploy at noon', flags: ['has_alert_word'] }),
    ]);
    expect(result.removed).toEqual({ result: 'success', msg: '', alert_words: ['build green'] });
    expect(result.after).toEqual({ result: 'success', msg: '', alert_words: ['build green'] });
  });

  it('mutes a user, whose later messages arrive read and who is listed in register, then unmutes them', async () => {
    const result = await runPythonZulip<Record<string, Answer>>(
      alice,
      `
      muted = client.call_endpoint(url="users/me/muted_users/%d" % args["bob"], method="POST")
      again = client.call_endpoint(url="users/me/muted_users/%d" % args["bob"], method="POST")
      state = client.register(event_types=["muted_users"], fetch_event_types=["muted_users"])
      client.deregister(state["queue_id"])
      return {"muted": muted, "again": again, "state": state}
      `,
      { args: { bob: bob.userId } },
    );
    expect(result.muted).toEqual({ result: 'success', msg: '' });
    expect(result.again).toEqual(error('User already muted'));
    expect(result.state!.muted_users).toEqual([{ id: bob.userId, timestamp: expect.any(Number) }]);

    const sent = await runPythonZulip<Answer>(
      bob,
      'return client.send_message({"type": "stream", "to": args["channel"], "topic": "muted", "content": "from a muted user"})',
      { args: { channel } },
    );
    const after = await runPythonZulip<Record<string, Answer>>(
      alice,
      `
      message = client.get_messages({"anchor": args["id"], "num_before": 0, "num_after": 0})
      unmuted = client.call_endpoint(url="users/me/muted_users/%d" % args["bob"], method="DELETE")
      not_muted = client.call_endpoint(url="users/me/muted_users/%d" % args["bob"], method="DELETE")
      myself = client.call_endpoint(url="users/me/muted_users/%d" % args["alice"], method="POST")
      state = client.register(event_types=["muted_users"], fetch_event_types=["muted_users"])
      client.deregister(state["queue_id"])
      return {"message": message, "unmuted": unmuted, "not_muted": not_muted, "myself": myself, "state": state}
      `,
      { args: { id: sent.id, bob: bob.userId, alice: alice.userId } },
    );
    expect(after.message!.messages).toEqual([expect.objectContaining({ id: sent.id, flags: ['read'] })]);
    expect(after.unmuted).toEqual({ result: 'success', msg: '' });
    expect(after.not_muted).toEqual(error('User is not muted'));
    expect(after.myself).toEqual(error('Cannot mute self'));
    expect(after.state!.muted_users).toEqual([]);
  });
});

describe('Python zulip client: channel views', () => {
  let alice: TestUser;
  let bob: TestUser;
  let channel: string;
  let channelId: number;

  beforeAll(async () => {
    [alice, bob] = [await createUser({ label: 'py-view-alice' }), await createUser({ label: 'py-view-bob' })];
    channel = uniqueChannelName('py-view');
    channelId = await createChannel({ name: channel, subscribers: [alice.userId] }, alice);
  });

  it("lists a channel's topics, newest first, each with its newest message id", async () => {
    const result = await runPythonZulip<Record<string, Answer>>(
      alice,
      `
      first = client.send_message({"type": "stream", "to": args["channel"], "topic": "older", "content": "one"})
      second = client.send_message({"type": "stream", "to": args["channel"], "topic": "newer", "content": "two"})
      third = client.send_message({"type": "stream", "to": args["channel"], "topic": "older", "content": "three"})
      fourth = client.send_message({"type": "stream", "to": args["channel"], "topic": "newer", "content": "four"})
      return {"ids": {"third": third["id"], "fourth": fourth["id"]}, "topics": client.get_stream_topics(args["id"]), "unknown": client.get_stream_topics(999999999)}
      `,
      { args: { channel, id: channelId } },
    );
    const ids = result.ids as { third: number; fourth: number };
    expect(result.topics).toEqual({
      result: 'success',
      msg: '',
      topics: [
        { name: 'newer', max_id: ids.fourth },
        { name: 'older', max_id: ids.third },
      ],
    });
    expect(result.unknown).toEqual(error('Invalid channel ID'));
  });

  it("changes the caller's subscription settings, which their subscriptions then show", async () => {
    const result = await runPythonZulip<Record<string, Answer>>(
      alice,
      `
      changed = client.update_subscription_settings([
          {"stream_id": args["id"], "property": "color", "value": "#f00000"},
          {"stream_id": args["id"], "property": "pin_to_top", "value": True},
          {"stream_id": args["id"], "property": "in_home_view", "value": False},
          {"stream_id": args["id"], "property": "desktop_notifications", "value": True},
      ])
      unknown = client.update_subscription_settings([{"stream_id": args["id"], "property": "favourite", "value": True}])
      wrong_type = client.update_subscription_settings([{"stream_id": args["id"], "property": "pin_to_top", "value": "yes"}])
      mine = [s for s in client.get_subscriptions()["subscriptions"] if s["stream_id"] == args["id"]]
      return {"changed": changed, "unknown": unknown, "wrong_type": wrong_type, "mine": mine[0]}
      `,
      { args: { id: channelId } },
    );
    expect(result.changed).toMatchObject({ result: 'success', msg: '' });
    expect(result.unknown).toEqual(error('Unknown subscription property: favourite'));
    expect(result.wrong_type).toEqual(error('pin_to_top is not a boolean'));
    expect(result.mine).toMatchObject({
      stream_id: channelId,
      color: '#f00000',
      pin_to_top: true,
      is_muted: true,
      in_home_view: false,
      desktop_notifications: true,
    });
  });

  it('tells whether a user is subscribed, and refuses settings of a channel the caller is not in', async () => {
    const result = await runPythonZulip<Record<string, Answer>>(
      bob,
      `
      return {
          "alice": client.get_subscription_status(args["alice"], args["id"]),
          "bob": client.get_subscription_status(args["bob"], args["id"]),
          "settings": client.update_subscription_settings([{"stream_id": args["id"], "property": "pin_to_top", "value": True}]),
      }
      `,
      { args: { id: channelId, alice: alice.userId, bob: bob.userId } },
    );
    expect(result.alice).toEqual({ result: 'success', msg: '', is_subscribed: true });
    expect(result.bob).toEqual({ result: 'success', msg: '', is_subscribed: false });
    expect(result.settings).toEqual(error(`Not subscribed to channel ID ${channelId}`));
  });

  it('joins one channel and leaves another in one PATCH of its subscriptions', async () => {
    const joined = uniqueChannelName('py-view-join');
    const result = await runPythonZulip<Record<string, Answer>>(
      bob,
      `
      client.add_subscriptions([{"name": args["left"]}])
      patched = client.call_endpoint(url="users/me/subscriptions", method="PATCH", request={"add": [{"name": args["joined"]}], "delete": [args["left"]]})
      names = sorted(s["name"] for s in client.get_subscriptions()["subscriptions"])
      return {"patched": patched, "names": names}
      `,
      { args: { joined, left: channel } },
    );
    expect(result.patched).toMatchObject({
      result: 'success',
      subscribed: { [bob.userId]: [joined] },
      already_subscribed: {},
      removed: [channel],
      not_removed: [],
    });
    expect(result.names).toEqual([joined]);
  });
});

import { createUser, runPythonZulip, uniqueChannelName } from '@zulip-es/testing';

/** Channels through the Python `zulip` package: subscribe (creating, with another member), look up, list, leave. */
describe('Python zulip client: channels', () => {
  it('subscribes itself and another user to a new channel, finds and lists it, and leaves it', async () => {
    const alice = await createUser({ label: 'py-chan-alice' });
    const bob = await createUser({ label: 'py-chan-bob' });
    const name = uniqueChannelName('py-chan');

    const result = await runPythonZulip<Record<string, Record<string, unknown>>>(
      alice,
      `
      added = client.add_subscriptions([{"name": args["name"], "description": "From Python"}], principals=[args["alice"], args["bob"]])
      found = client.get_stream_id(args["name"])
      streams = client.get_streams()
      subscriptions = client.get_subscriptions({"include_subscribers": True})
      subscribers = client.get_subscribers(stream=args["name"])
      removed = client.remove_subscriptions([args["name"]])
      after = client.get_subscriptions()
      return {"added": added, "found": found, "streams": streams, "subscriptions": subscriptions, "subscribers": subscribers, "removed": removed, "after": after}
      `,
      { args: { name, alice: alice.userId, bob: bob.userId } },
    );

    expect(result.added).toMatchObject({
      result: 'success',
      subscribed: { [alice.userId]: [name], [bob.userId]: [name] },
      already_subscribed: {},
    });
    expect(result.found).toMatchObject({ result: 'success', stream_id: expect.any(Number) });
    const id = result.found!.stream_id as number;
    expect(result.streams!.streams).toEqual(
      expect.arrayContaining([expect.objectContaining({ stream_id: id, name, description: 'From Python' })]),
    );
    expect(result.subscriptions!.subscriptions).toEqual([
      expect.objectContaining({ stream_id: id, name, subscribers: [alice.userId, bob.userId].sort((a, b) => a - b) }),
    ]);
    expect(result.subscribers).toMatchObject({ result: 'success', subscribers: [alice.userId, bob.userId].sort((a, b) => a - b) });
    expect(result.removed).toMatchObject({ result: 'success', removed: [name], not_removed: [] });
    expect(result.after).toMatchObject({ result: 'success', subscriptions: [] });
  });

  it('answers an unknown channel name with a Zulip error the client hands back', async () => {
    const alice = await createUser({ label: 'py-chan-unknown' });
    const answer = await runPythonZulip(alice, 'return client.get_stream_id("no such channel here")');
    expect(answer).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: "Invalid channel name 'no such channel here'" });
  });
});

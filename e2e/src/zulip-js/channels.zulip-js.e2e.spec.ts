import { uniqueChannelName } from '@zulip-es/testing';
import { failed, newUserClient, succeeded } from './zulip-js-client';

/** Channels driven by the official zulip-js client: subscribe (creating), look up, list, leave. */
describe('zulip-js: channels', () => {
  it('subscribes to a new channel, finds it, lists it and leaves it', async () => {
    const { client, user } = await newUserClient({ label: 'zjs-channels' });
    const name = uniqueChannelName('zjs');
    const added = succeeded(
      await client.users.me.subscriptions.add({ subscriptions: JSON.stringify([{ name, description: 'From zulip-js' }]) }),
    );
    expect(added).toMatchObject({ subscribed: { [user.userId]: [name] }, already_subscribed: {} });

    const { stream_id: id } = succeeded(await client.streams.getStreamId(name));
    const streams = succeeded(await client.streams.retrieve()) as unknown as { streams: { stream_id: number; description: string }[] };
    expect(streams.streams.find((s) => s.stream_id === id)).toMatchObject({ description: 'From zulip-js' });
    const subs = succeeded(await client.streams.subscriptions.retrieve({ include_subscribers: 'true' })) as unknown as {
      subscriptions: { stream_id: number; subscribers: number[] }[];
    };
    expect(subs.subscriptions).toEqual([expect.objectContaining({ stream_id: id, subscribers: [user.userId] })]);

    // zulip-js sends DELETE parameters in the query string.
    const removed = succeeded(await client.users.me.subscriptions.remove({ subscriptions: JSON.stringify([name]) }));
    expect(removed).toMatchObject({ removed: [name], not_removed: [] });
    expect(failed(await client.streams.getStreamId('no such channel here'))).toMatchObject({
      code: 'BAD_REQUEST',
      msg: "Invalid channel name 'no such channel here'",
    });
  });

  it("lists a channel's topics, newest first, as a client shows them", async () => {
    const { client } = await newUserClient({ label: 'zjs-topics' });
    const name = uniqueChannelName('zjs-topics');
    succeeded(await client.users.me.subscriptions.add({ subscriptions: JSON.stringify([{ name }]) }));
    const { stream_id } = succeeded(await client.streams.getStreamId(name));
    const sent: number[] = [];
    for (const topic of ['first', '', 'second'])
      sent.push(
        (succeeded(await client.messages.send({ type: 'stream', to: name, topic, content: 'hi' })) as unknown as { id: number }).id,
      );
    const { topics } = succeeded(await client.streams.topics.retrieve({ stream_id }));
    // zulip-js cannot send allow_empty_topic_name: the empty topic comes as "general chat".
    expect(topics).toEqual([
      { name: 'second', max_id: sent[2] },
      { name: 'general chat', max_id: sent[1] },
      { name: 'first', max_id: sent[0] },
    ]);
    expect(failed(await client.streams.topics.retrieve({ stream_id: 999_999_999 }))).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Invalid channel ID',
    });
  });
});

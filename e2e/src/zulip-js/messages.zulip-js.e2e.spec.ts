import { uniqueChannelName } from '@zulip-es/testing';
import { failed, newUserClient, succeeded } from './zulip-js-client';

/** Messages driven by the official zulip-js client: send, fetch by narrow and by id, delete. */
describe('zulip-js: messages', () => {
  it('sends a channel message and a direct message, reads them back, and deletes one', async () => {
    const { client, user } = await newUserClient({ label: 'zjs-messages' });
    const { user: other } = await newUserClient({ label: 'zjs-messages-other' });
    const name = uniqueChannelName('zjs-msg');
    succeeded(await client.users.me.subscriptions.add({ subscriptions: JSON.stringify([{ name }]) }));

    const { id } = succeeded(
      await client.messages.send({ type: 'stream', to: name, topic: 'zulip-js', content: 'Hello from **zulip-js**' }),
    ) as unknown as { id: number };
    const direct = succeeded(
      await client.messages.send({ type: 'direct', to: JSON.stringify([other.userId]), content: 'psst' }),
    ) as unknown as { id: number };

    // zulip-js JSON-encodes `narrow` itself: it takes the list, not a string.
    const narrow = [
      { operator: 'channel', operand: name },
      { operator: 'topic', operand: 'zulip-js' },
    ] as unknown as string;
    const fetched = succeeded(await client.messages.retrieve({ anchor: 'newest', num_before: 10, num_after: 0, narrow })) as unknown as {
      messages: { id: number; content: string; sender_id: number; display_recipient: string }[];
      found_newest: boolean;
    };
    expect(fetched.messages).toEqual([
      expect.objectContaining({
        id,
        content: '<p>Hello from <strong>zulip-js</strong></p>',
        sender_id: user.userId,
        display_recipient: name,
      }),
    ]);
    expect(fetched.found_newest).toBe(true);

    const one = succeeded(await client.messages.getById({ message_id: direct.id })) as unknown as {
      message: { type: string };
      raw_content: string;
    };
    expect(one).toMatchObject({ raw_content: 'psst', message: { type: 'private' } });

    succeeded(await client.messages.deleteById({ message_id: id }));
    expect(failed(await client.messages.getById({ message_id: id }))).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
  });
});

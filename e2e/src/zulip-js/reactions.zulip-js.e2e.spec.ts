import { uniqueChannelName } from '@zulip-es/testing';
import { failed, newUserClient, succeeded } from './zulip-js-client';

/** Reactions through the official zulip-js client, as a web integration adds and removes them. */
describe('zulip-js: reactions', () => {
  it('adds a reaction by name, reads it in the message, refuses it twice and removes it', async () => {
    const { client, user } = await newUserClient({ label: 'zjs-reactions' });
    const name = uniqueChannelName('zjs-react');
    succeeded(await client.users.me.subscriptions.add({ subscriptions: JSON.stringify([{ name }]) }));
    const { id } = succeeded(await client.messages.send({ type: 'stream', to: name, topic: 'emoji', content: 'react' })) as unknown as {
      id: number;
    };

    succeeded(await client.reactions.add({ message_id: id, emoji_name: 'octopus' }));
    const one = succeeded(await client.messages.getById({ message_id: id })) as unknown as { message: { reactions: unknown[] } };
    expect(one.message.reactions).toEqual([
      { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: user.userId },
    ]);
    expect(failed(await client.reactions.add({ message_id: id, emoji_name: 'octopus' }))).toMatchObject({
      code: 'REACTION_ALREADY_EXISTS',
      msg: 'Reaction already exists.',
    });

    succeeded(await client.reactions.remove({ message_id: id, emoji_name: 'octopus' }));
    const after = succeeded(await client.messages.getById({ message_id: id })) as unknown as { message: { reactions: unknown[] } };
    expect(after.message.reactions).toEqual([]);
  });
});

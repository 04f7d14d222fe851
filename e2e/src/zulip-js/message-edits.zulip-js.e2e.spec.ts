import { uniqueChannelName } from '@zulip-es/testing';
import { newUserClient, succeeded, failed } from './zulip-js-client';

interface Fetched {
  messages: {
    id: number;
    content: string;
    subject: string;
    sender_email: string;
    last_edit_timestamp?: number;
    last_moved_timestamp?: number;
  }[];
}

/** E1 driven by the official zulip-js client (`messages.update`, PATCH /messages/{id}): edit content, move a topic. */
describe('zulip-js: editing and moving messages', () => {
  it("edits a message's content, then moves its topic, and reads both back", async () => {
    const { client } = await newUserClient({ label: 'zjs-edit' });
    const name = uniqueChannelName('zjs-edit');
    succeeded(await client.users.me.subscriptions.add({ subscriptions: JSON.stringify([{ name }]) }));
    const { id } = succeeded(
      await client.messages.send({ type: 'stream', to: name, topic: 'draft', content: 'first take' }),
    ) as unknown as { id: number };

    expect(succeeded(await client.messages.update({ message_id: id, content: 'second **take**' }))).toMatchObject({ detached_uploads: [] });
    const narrow = (topic: string) =>
      [
        { operator: 'channel', operand: name },
        { operator: 'topic', operand: topic },
      ] as unknown as string;
    const edited = succeeded(
      await client.messages.retrieve({ anchor: 'newest', num_before: 10, num_after: 0, narrow: narrow('draft') }),
    ) as unknown as Fetched;
    expect(edited.messages).toEqual([
      expect.objectContaining({ id, content: '<p>second <strong>take</strong></p>', last_edit_timestamp: expect.any(Number) }),
    ]);

    // Query-string parameters (zulip-js sends PATCH parameters in the URL): booleans as text.
    succeeded(
      await client.messages.update({
        message_id: id,
        topic: 'final',
        propagate_mode: 'change_all',
        send_notification_to_old_thread: 'true',
      }),
    );
    const moved = succeeded(
      await client.messages.retrieve({ anchor: 'newest', num_before: 10, num_after: 0, narrow: narrow('final') }),
    ) as unknown as Fetched;
    expect(moved.messages[0]).toMatchObject({ id, subject: 'final', last_moved_timestamp: expect.any(Number) });
    expect(moved.messages[1]).toMatchObject({
      sender_email: 'notification-bot@zulip.com',
      content: expect.stringContaining('This topic was moved here from'),
    });
    const old = succeeded(
      await client.messages.retrieve({ anchor: 'newest', num_before: 10, num_after: 0, narrow: narrow('draft') }),
    ) as unknown as Fetched;
    expect(old.messages).toEqual([
      expect.objectContaining({ sender_email: 'notification-bot@zulip.com', content: expect.stringContaining('This topic was moved to') }),
    ]);

    expect(failed(await client.messages.update({ message_id: id, content: 'x', prev_content_sha256: 'nope' }))).toMatchObject({
      code: 'EXPECTATION_MISMATCH',
    });
  });
});

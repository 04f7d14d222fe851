import { createChannel } from '@zulip-es/testing';
import { failed, newUserClient, succeeded } from './zulip-js-client';

/**
 * Drafts through `callEndpoint` (zulip-js 2.1 has no drafts methods): the `drafts` list and the
 * `draft` object go as JSON text, as the application encodes them.
 */

interface Draft {
  id: number;
  type: '' | 'stream' | 'private';
  to: number[];
  topic: string;
  content: string;
  timestamp: number;
}

describe('zulip-js: drafts (E9)', () => {
  it('creates drafts, lists them, replaces one by its id and deletes another', async () => {
    const { user, client } = await newUserClient({ label: 'zjs-drafts' });
    const channelId = await createChannel();
    const created = succeeded(
      await client.callEndpoint<{ ids: number[] }>('/drafts', 'POST', {
        drafts: JSON.stringify([
          {
            type: 'stream',
            to: [channelId],
            topic: 'questions',
            content: 'What are the contribution guidelines?',
            timestamp: 1_595_479_019,
          },
          { type: 'private', to: [user.userId], topic: '', content: 'Note to self', timestamp: 1_595_479_020 },
        ]),
      }),
    );
    const [channelDraft, selfDraft] = created.ids;

    succeeded(
      await client.callEndpoint(`/drafts/${channelDraft}`, 'PATCH', {
        draft: JSON.stringify({
          type: 'stream',
          to: [channelId],
          topic: 'questions',
          content: 'How tough is a Lamy Safari?',
          timestamp: 1_595_479_030,
        }),
      }),
    );
    succeeded(await client.callEndpoint(`/drafts/${selfDraft}`, 'DELETE'));

    const listed = succeeded(await client.callEndpoint<{ count: number; drafts: Draft[] }>('/drafts'));
    expect(listed).toEqual({
      result: 'success',
      msg: '',
      count: 1,
      drafts: [
        {
          id: channelDraft,
          type: 'stream',
          to: [channelId],
          topic: 'questions',
          content: 'How tough is a Lamy Safari?',
          timestamp: 1_595_479_030,
        },
      ],
    });
  });

  it("answers 'Draft does not exist' for a draft it does not have, and refuses drafts while synchronization is off", async () => {
    const { client } = await newUserClient({ label: 'zjs-drafts-off' });
    expect(failed(await client.callEndpoint('/drafts/1', 'DELETE'))).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Draft does not exist',
    });
    succeeded(await client.callEndpoint('/settings', 'PATCH', { enable_drafts_synchronization: 'false' }));
    expect(failed(await client.callEndpoint('/drafts'))).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'User has disabled synchronizing drafts.',
    });
  });
});

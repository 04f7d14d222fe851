import { succeeded, newUserClient } from './zulip-js-client';

/** The organization's custom emoji as zulip-js lists them. */
describe('zulip-js: custom emoji', () => {
  it('lists the custom emoji by id, each in Zulip’s shape', async () => {
    const { client } = await newUserClient({ label: 'zjs-emoji' });
    const { emoji } = succeeded(await client.emojis.retrieve()) as unknown as { emoji: Record<string, Record<string, unknown>> };
    for (const [id, one] of Object.entries(emoji)) {
      expect(one).toEqual({
        id,
        name: expect.any(String),
        source_url: expect.any(String),
        deactivated: expect.any(Boolean),
        author_id: expect.any(Number),
        still_url: one.still_url === null ? null : expect.any(String),
      });
    }
  });
});

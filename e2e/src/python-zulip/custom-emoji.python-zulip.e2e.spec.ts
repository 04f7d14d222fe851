import { randomBytes } from 'node:crypto';
import { createUser, runPythonZulip } from '@zulip-es/testing';

/** A 1×1 red PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** Custom emoji through the Python `zulip` package: a script uploads one from a file and lists them. */
describe('Python zulip client: custom emoji', () => {
  it('uploads an emoji from a file object, finds it in get_realm_emoji and reacts with it', async () => {
    const user = await createUser({ label: 'py-emoji' });
    const name = `py-${randomBytes(4).toString('hex')}`;
    const done = await runPythonZulip<{
      uploaded: unknown;
      emoji: Record<string, { name: string; source_url: string; author_id: number }>;
    }>(
      user,
      `
      import base64, io
      image = io.BytesIO(base64.b64decode(args["png"]))
      image.name = "emoji.png"
      uploaded = client.upload_custom_emoji(args["name"], image)
      return {"uploaded": uploaded, "emoji": client.get_realm_emoji()["emoji"]}
      `,
      { args: { name, png: PNG } },
    );
    expect(done.uploaded).toEqual({ result: 'success', msg: '' });
    const ours = Object.values(done.emoji).filter((e) => e.name === name);
    expect(ours).toEqual([
      expect.objectContaining({
        name,
        author_id: user.userId,
        source_url: expect.stringMatching(/^\/user_avatars\/\d+\/emoji\/images\/[0-9a-f]{16}\.png$/),
      }),
    ]);
  });
});

import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { Role } from '@zulip-es/contracts';
import {
  api,
  createChannel,
  createUser,
  owner,
  systemInfo,
  TestEventQueue,
  uniqueChannelName,
  type Credentials,
  type TestUser,
} from '@zulip-es/testing';

const uniqueName = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;
const error = (code: string, msg: string) => ({ result: 'error', code, msg });

const still = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .toFormat(format)
    .toBuffer();
async function animatedGif(width: number, height: number): Promise<Buffer> {
  const frames = await Promise.all(
    [0, 1, 2].map((i) =>
      sharp({ create: { width, height, channels: 4, background: { r: 90 * i, g: 0, b: 200, alpha: 1 } } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

function upload(auth: Credentials, name: string, files: { bytes: Buffer; type: string; fileName?: string }[]) {
  const form = new FormData();
  files.forEach((f, i) => form.append(`f${i + 1}`, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.fileName ?? `emoji${i}.img`));
  return api('POST', `/realm/emoji/${encodeURIComponent(name)}`, { auth, multipart: form });
}
const listed = async (auth: Credentials) =>
  (await api('GET', '/realm/emoji', { auth })).body.emoji as Record<
    string,
    { id: string; name: string; source_url: string; still_url: string | null; deactivated: boolean; author_id: number }
  >;
const byName = async (auth: Credentials, name: string) => Object.values(await listed(auth)).filter((e) => e.name === name);
/** An emoji image as any browser fetches it: no credentials. */
const fetchImage = (url: string) => fetch(new URL(url, systemInfo().gatewayUrl));

describe('custom emoji', () => {
  let member: TestUser;
  beforeAll(async () => {
    member = await createUser({ label: 'emoji-member' });
  });

  it('resizes a still image to 64×64 around its centre, lists it and serves it without credentials', async () => {
    const name = uniqueName('wide');
    expect((await upload(member, name, [{ bytes: await still(200, 100), type: 'image/png' }])).body).toEqual({
      result: 'success',
      msg: '',
    });
    const [emoji] = await byName(owner(), name);
    expect(emoji).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name,
      source_url: expect.stringMatching(/^\/user_avatars\/\d+\/emoji\/images\/[0-9a-f]{16}\.png$/),
      deactivated: false,
      author_id: member.userId,
      still_url: null,
    });
    const res = await fetchImage(emoji!.source_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=31536000, public, immutable');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([64, 64, 'png']);
    expect((await fetchImage(`${emoji!.source_url}.original`)).status).toBe(200);
    expect((await fetchImage(emoji!.source_url.replace(/[0-9a-f]{16}/, '0'.repeat(16)))).status).toBe(404);
  });

  it('keeps every frame of an animated image and a still version of its first', async () => {
    const name = uniqueName('spin');
    expect((await upload(member, name, [{ bytes: await animatedGif(80, 40), type: 'image/gif' }])).status).toBe(200);
    const [emoji] = await byName(member, name);
    expect(emoji!.still_url).toMatch(/^\/user_avatars\/\d+\/emoji\/images\/still\/[0-9a-f]{16}\.png$/);
    const animated = await sharp(Buffer.from(await (await fetchImage(emoji!.source_url)).arrayBuffer()), { animated: true }).metadata();
    expect([animated.format, animated.width, animated.pageHeight, animated.pages]).toEqual(['gif', 64, 64, 3]);
    const first = await sharp(Buffer.from(await (await fetchImage(emoji!.still_url!)).arrayBuffer())).metadata();
    expect([first.format, first.width, first.height]).toEqual(['png', 64, 64]);
  });

  it('tells every user with the whole list, and reactions and statuses take it by name', async () => {
    const queue = await TestEventQueue.register(member, { event_types: ['realm_emoji'] });
    const name = uniqueName('party');
    await upload(owner(), name, [{ bytes: await still(64, 64, 'jpeg'), type: 'image/jpeg' }]);
    const event = await queue.waitFor(
      (e) => e.type === 'realm_emoji' && Object.values(e.realm_emoji as object).some((x: { name: string }) => x.name === name),
    );
    expect(event).toMatchObject({ op: 'update' });
    const [emoji] = await byName(member, name);
    expect((event.realm_emoji as Record<string, unknown>)[emoji!.id]).toEqual(emoji);
    expect(emoji!.source_url).toMatch(/\.jpg$/);
    const registered = await api('POST', '/register', { auth: member, params: { fetch_event_types: ['realm_emoji'] } });
    expect((registered.body.realm_emoji as Record<string, unknown>)[emoji!.id]).toEqual(emoji);

    const channel = uniqueChannelName('emoji');
    await createChannel({ name: channel, subscribers: [member.userId] });
    const sent = await api('POST', '/messages', { auth: member, params: { type: 'stream', to: channel, topic: 't', content: 'party' } });
    expect((await api('POST', `/messages/${sent.body.id}/reactions`, { auth: member, params: { emoji_name: name } })).status).toBe(200);
    const message = (await api('GET', `/messages/${sent.body.id}`, { auth: member })).body.message as { reactions: unknown[] };
    expect(message.reactions).toEqual([{ emoji_name: name, emoji_code: emoji!.id, reaction_type: 'realm_emoji', user_id: member.userId }]);
    expect((await api('POST', '/users/me/status', { auth: member, params: { emoji_name: name } })).status).toBe(200);
    await queue.delete();
  });

  it('deactivates by its author or an administrator: listed still, its name free again', async () => {
    const name = uniqueName('retire');
    await upload(member, name, [{ bytes: await still(64, 64), type: 'image/png' }]);
    const other = await createUser({ label: 'emoji-other' });
    expect((await api('DELETE', `/realm/emoji/${name}`, { auth: other })).body).toEqual(
      error('BAD_REQUEST', 'Must be an organization administrator or emoji author'),
    );
    expect((await api('DELETE', `/realm/emoji/${name}`, { auth: member })).body).toEqual({ result: 'success', msg: '' });
    expect(await byName(member, name)).toEqual([expect.objectContaining({ deactivated: true })]);
    const gone = await api('DELETE', `/realm/emoji/${name}`, { auth: owner() });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(error('BAD_REQUEST', `Emoji '${name}' does not exist`));
    expect((await upload(other, name, [{ bytes: await still(64, 64), type: 'image/png' }])).status).toBe(200);
    expect((await byName(member, name)).map((e) => e.deactivated)).toEqual([true, false]);
  });

  it("answers Zulip's errors in its order and stores nothing", async () => {
    const png = { bytes: await still(64, 64), type: 'image/png' };
    const guest = await createUser({ role: Role.GUEST, label: 'emoji-guest' });
    expect((await upload(guest, 'Bad Name', [png])).body).toEqual(error('BAD_REQUEST', 'Not allowed for guest users'));
    expect((await upload(member, 'Bad Name', [png])).body).toEqual(
      error('BAD_REQUEST', 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.'),
    );
    expect((await upload(member, 'octopus', [png])).body).toEqual(error('BAD_REQUEST', 'Only administrators can override default emoji.'));
    expect((await upload(member, uniqueName('two'), [png, png])).body).toEqual(error('BAD_REQUEST', 'You must upload exactly one file.'));
    expect((await upload(member, uniqueName('none'), [])).body).toEqual(error('BAD_REQUEST', 'You must upload exactly one file.'));
    expect((await upload(member, uniqueName('text'), [{ bytes: Buffer.from('not an image'), type: 'image/png' }])).body).toEqual(
      error('BAD_IMAGE', 'Could not decode image; did you upload an image file?'),
    );
    expect((await upload(member, uniqueName('tiff'), [{ bytes: Buffer.from('II*'), type: 'image/tiff' }])).body).toEqual(
      error('BAD_IMAGE', 'Invalid image format'),
    );
    expect((await api('DELETE', '/realm/emoji/never-was', { auth: member })).status).toBe(404);
  });

  it('takes a file of exactly 5 MiB and refuses one byte more', async () => {
    const image = await still(64, 64);
    const padded = (size: number) => Buffer.concat([image, Buffer.alloc(size - image.length)]);
    const largest = await upload(member, uniqueName('largest'), [{ bytes: padded(5 * 1024 * 1024), type: 'image/png' }]);
    expect(largest.body).toEqual({ result: 'success', msg: '' });
    expect((await upload(member, uniqueName('over'), [{ bytes: padded(5 * 1024 * 1024 + 1), type: 'image/png' }])).body).toEqual(
      error('BAD_REQUEST', 'Uploaded file is larger than the allowed limit of 5 MiB'),
    );
  });

  it("follows the organization's can_add_custom_emoji_group", async () => {
    const admins = (await api('GET', '/user_groups', { auth: owner() })).body.user_groups as { id: number; name: string }[];
    const administrators = admins.find((g) => g.name === 'role:administrators')!.id;
    const members = admins.find((g) => g.name === 'role:members')!.id;
    expect(
      (await api('PATCH', '/realm', { auth: owner(), params: { can_add_custom_emoji_group: JSON.stringify({ new: administrators }) } }))
        .status,
    ).toBe(200);
    try {
      expect((await upload(member, uniqueName('denied'), [{ bytes: await still(64, 64), type: 'image/png' }])).body).toEqual(
        error('BAD_REQUEST', 'Insufficient permission'),
      );
    } finally {
      await api('PATCH', '/realm', { auth: owner(), params: { can_add_custom_emoji_group: JSON.stringify({ new: members }) } });
    }
  });
});

import sharp from 'sharp';
import {
  api,
  basicAuth,
  createChannel,
  createUser,
  owner,
  systemInfo,
  uniqueChannelName,
  uploadFile,
  type Credentials,
} from '@zulip-es/testing';

/** A GET of a non-API URL of the gateway, with the caller's Basic credentials. */
const get = (path: string, auth?: Credentials) =>
  fetch(`${systemInfo().gatewayUrl}${path}`, { headers: auth ? { authorization: basicAuth(auth) } : {} });

const png = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** A two-frame GIF. */
async function animatedGif(width: number, height: number): Promise<Buffer> {
  const frames = await Promise.all(
    ['#ff0000', '#00ff00'].map((background) =>
      sharp({ create: { width, height, channels: 4, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

async function send(auth: Credentials & { userId: number }, content: string): Promise<{ id: number; channel: string }> {
  const channel = uniqueChannelName('previews');
  await createChannel({ name: channel, subscribers: [auth.userId] });
  const res = await api('POST', '/messages', { auth, params: { type: 'stream', to: channel, topic: 'images', content } });
  expect(res.status).toBe(200);
  return { id: res.body.id as number, channel };
}

async function renderedContent(auth: Credentials, id: number): Promise<string> {
  const res = await api('GET', `/messages/${id}`, { auth });
  expect(res.status).toBe(200);
  return (res.body.message as { content: string }).content;
}

describe('previews of linked images: uploads get thumbnails, as Zulip renders them', () => {
  it('renders an uploaded image as its thumbnail, with its size and type, and serves the thumbnail', async () => {
    const user = await createUser();
    const { url, pathId } = await uploadFile(user, 'wide.png', await png(1600, 800), 'image/png');
    const { id } = await send(user, `[wide.png](${url})`);

    expect(await renderedContent(user, id)).toBe(
      `<p><a href="${url}">wide.png</a></p>\n<div class="message_inline_image"><a href="${url}" title="wide.png">` +
        `<img data-original-content-type="image/png" data-original-dimensions="1600x800" src="/user_uploads/thumbnail/${pathId}/840x560.webp"></a></div>`,
    );
    const thumbnail = await get(`/user_uploads/thumbnail/${pathId}/840x560.webp`, user);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 840, 420]);
  });

  it('keeps a small image at its size, and answers a format it did not make with the nearest one', async () => {
    const user = await createUser();
    const { pathId } = await uploadFile(user, 'small.png', await png(40, 30), 'image/png');
    const res = await get(`/user_uploads/thumbnail/${pathId}/300x200.webp`, user);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([40, 30]);
    expect((await get(`/user_uploads/thumbnail/${pathId}/big.exe`, user)).status).toBe(400);
  });

  it('marks an animated image and points at its animated thumbnail, which keeps its frames', async () => {
    const user = await createUser();
    const { url, pathId } = await uploadFile(user, 'blink.gif', await animatedGif(100, 80), 'image/gif');
    const { id } = await send(user, `[blink.gif](${url})`);

    expect(await renderedContent(user, id)).toBe(
      `<p><a href="${url}">blink.gif</a></p>\n<div class="message_inline_image"><a href="${url}" title="blink.gif"><img data-animated="true" data-original-content-type="image/gif" data-original-dimensions="100x80" src="/user_uploads/thumbnail/${pathId}/840x560-anim.webp"></a></div>`,
    );
    const animated = await get(`/user_uploads/thumbnail/${pathId}/840x560-anim.webp`, user);
    expect((await sharp(Buffer.from(await animated.arrayBuffer())).metadata()).pages).toBe(2);
    const still = await get(`/user_uploads/thumbnail/${pathId}/840x560.webp`, user);
    expect((await sharp(Buffer.from(await still.arrayBuffer())).metadata()).pages ?? 1).toBe(1);
  });

  it('gives a file that only claims to be an image a plain link, no preview', async () => {
    const user = await createUser();
    const { url } = await uploadFile(user, 'fake.png', Buffer.from('not an image at all'), 'image/png');
    const { id } = await send(user, `[fake.png](${url})`);
    expect(await renderedContent(user, id)).toBe(`<p><a href="${url}">fake.png</a></p>`);
  });

  it('serves a thumbnail only to those who may read the image', async () => {
    const [owner, reader, outsider] = [await createUser(), await createUser(), await createUser()];
    const { url, pathId } = await uploadFile(owner, 'shared.png', await png(200, 100), 'image/png');
    const channel = uniqueChannelName('previews');
    await createChannel({ name: channel, subscribers: [owner.userId, reader.userId], invite_only: true });
    expect(
      (
        await api('POST', '/messages', {
          auth: owner,
          params: { type: 'stream', to: channel, topic: 't', content: `[shared.png](${url})` },
        })
      ).status,
    ).toBe(200);

    const path = `/user_uploads/thumbnail/${pathId}/840x560.webp`;
    expect((await get(path, reader)).status).toBe(200);
    expect((await get(path, outsider)).status).toBe(403);
    expect((await get(path)).status).toBe(401);
  });

  it('removes the thumbnails with the upload', async () => {
    const user = await createUser();
    const { pathId } = await uploadFile(user, 'gone.png', await png(64, 64), 'image/png');
    const path = `/user_uploads/thumbnail/${pathId}/840x560.webp`;
    expect((await get(path, user)).status).toBe(200);
    const list = await api('GET', '/attachments', { auth: user });
    const attachment = (list.body.attachments as { id: number; path_id: string }[]).find((a) => a.path_id === pathId)!;
    expect((await api('DELETE', `/attachments/${attachment.id}`, { auth: user })).status).toBe(200);

    expect((await get(path, user)).status).toBe(404);
  });

  it('previews linked external images, videos and YouTube videos, and nothing in a quote', async () => {
    const user = await createUser();
    const content = [
      'https://example.com/cat.jpg',
      'https://example.com/clip.mp4',
      'https://youtu.be/dQw4w9WgXcQ',
      '> https://example.com/quoted.png',
    ].join('\n\n');
    const { id } = await send(user, content);
    expect(await renderedContent(user, id)).toBe(
      '<div class="message_inline_image"><a href="https://example.com/cat.jpg"><img src="https://example.com/cat.jpg"></a></div>' +
        '<div class="message_inline_image message_inline_video"><a href="https://example.com/clip.mp4"><video preload="metadata" src="https://example.com/clip.mp4"></video></a></div>' +
        '<p><a href="https://youtu.be/dQw4w9WgXcQ">https://youtu.be/dQw4w9WgXcQ</a></p>\n' +
        '<div class="youtube-video message_inline_image"><a data-id="dQw4w9WgXcQ" href="https://youtu.be/dQw4w9WgXcQ"><img src="https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg"></a></div>' +
        '<blockquote>\n<p><a href="https://example.com/quoted.png">https://example.com/quoted.png</a></p>\n</blockquote>',
    );
  });

  it('makes no previews while an administrator has turned them off for the organization', async () => {
    const user = await createUser();
    const turn = (value: boolean) => api('PATCH', '/realm', { auth: owner(), params: { inline_image_preview: value } });
    const member = await api('PATCH', '/realm', { auth: user, params: { inline_image_preview: false } });
    expect(member.status).toBe(400);
    try {
      expect((await turn(false)).body).toMatchObject({ result: 'success' });
      const state = await api('POST', '/register', { auth: user, params: { fetch_event_types: ['realm'] } });
      expect(state.body.realm_inline_image_preview).toBe(false);
      const { id } = await send(user, 'https://example.com/off.png');
      expect(await renderedContent(user, id)).toBe('<p><a href="https://example.com/off.png">https://example.com/off.png</a></p>');
    } finally {
      await turn(true);
    }
  });

  it('advertises the thumbnail formats and image previews at registration', async () => {
    const user = await createUser();
    const res = await api('POST', '/register', { auth: user, params: { fetch_event_types: ['realm'] } });
    expect(res.body.realm_inline_image_preview).toBe(true);
    expect(res.body.server_inline_image_preview).toBe(true);
    expect(res.body.server_thumbnail_formats).toEqual([
      { name: '840x560-anim.webp', max_width: 840, max_height: 560, format: 'webp', animated: true },
      { name: '840x560.webp', max_width: 840, max_height: 560, format: 'webp', animated: false },
    ]);
  });
});

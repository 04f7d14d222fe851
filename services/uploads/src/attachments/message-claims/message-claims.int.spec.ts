import { ObjectStore, StackEndpointsSchema } from '@zulip-es/platform';
import {
  api,
  captureEvents,
  createChannel,
  createUser,
  uniqueChannelName,
  uploadFile,
  type Credentials,
  type EventCapture,
} from '@zulip-es/testing';

interface Attachment {
  id: number;
  path_id: string;
  messages: { id: number; date_sent: number }[];
}

const upload = async (auth: Credentials, name: string): Promise<string> => (await uploadFile(auth, name)).url;

const attachmentsOf = async (auth: Credentials): Promise<Attachment[]> =>
  (await api('GET', '/attachments', { auth })).body.attachments as Attachment[];

/** Claims reach this service through the messages events, a moment after the message's reply. */
async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('uploads claimed by messages: GET /attachments lists the messages; the last deleted message takes the upload', () => {
  const bucket = new ObjectStore(StackEndpointsSchema.parse(process.env));
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('uploads');
  });
  afterAll(() => capture.stop());

  const send = async (auth: Credentials, channel: string, content: string): Promise<number> => {
    const res = await api('POST', '/messages', { auth, params: { type: 'stream', to: channel, topic: 'files', content } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.id as number;
  };

  it('lists the messages claiming an upload, with when they were sent, and keeps an upload an edit dropped', async () => {
    const user = await createUser();
    const channel = uniqueChannelName('claims');
    await createChannel({ name: channel, subscribers: [user.userId] });
    const url = await upload(user, 'claimed.txt');
    const first = await send(user, channel, `[claimed.txt](${url})`);
    const second = await send(user, channel, `again: [claimed.txt](${url})`);

    const [claimed] = await eventually(
      () => attachmentsOf(user),
      ([a]) => (a?.messages.length ?? 0) === 2,
    );
    expect(claimed!.messages.map((m) => m.id)).toEqual([first, second]);
    for (const m of claimed!.messages) expect(m.date_sent % 1000).toBe(0);

    expect((await api('PATCH', `/messages/${second}`, { auth: user, params: { content: 'no link any more' } })).status).toBe(200);
    const [afterEdit] = await eventually(
      () => attachmentsOf(user),
      ([a]) => (a?.messages.length ?? 0) === 1,
    );
    expect(afterEdit!.messages.map((m) => m.id)).toEqual([first]);
  });

  it('removes the upload and its file when the last message claiming it is deleted', async () => {
    const user = await createUser();
    const channel = uniqueChannelName('claims');
    await createChannel({ name: channel, subscribers: [user.userId] });
    const url = await upload(user, 'doomed.txt');
    const keep = await upload(user, 'kept.txt');
    const message = await send(user, channel, `[doomed.txt](${url})`);
    await eventually(
      () => attachmentsOf(user),
      (list) => list.some((a) => a.messages.length === 1),
    );

    expect((await api('DELETE', `/messages/${message}`, { auth: user })).status).toBe(200);

    const left = await eventually(
      () => attachmentsOf(user),
      (list) => list.length === 1,
    );
    expect(left.map((a) => `/user_uploads/${a.path_id}`)).toEqual([keep]);
    const removed = await capture.waitFor((e) => e.type === 'attachment.removed.v1' && `/user_uploads/${e.data.pathId as string}` === url);
    expect(removed.data).toMatchObject({ ownerId: user.userId, reason: 'messages_deleted' });
    expect(await bucket.stat(url.slice('/user_uploads/'.length))).toBeNull();
  });
});

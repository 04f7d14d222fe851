import { randomUUID } from 'node:crypto';
import { ATTACHMENT_ACCESS, AttachmentAccessReply, commandsTopic, type Reply } from '@zulip-es/contracts';
import { createKafka, createLogger, RequestClient, StackEndpointsSchema } from '@zulip-es/platform';
import { api, captureEvents, createUser, uploadFile, type Credentials, type EventCapture, type TestUser } from '@zulip-es/testing';

/** Uploads one small text file as `auth` and answers its path id. */
const upload = async (auth: Credentials, name = 'notes.txt'): Promise<string> => (await uploadFile(auth, name)).pathId;

async function sendDirect(auth: Credentials, to: number[], content: string): Promise<number> {
  const res = await api('POST', '/messages', { auth, params: { type: 'direct', to, content } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.id as number;
}

const link = (pathId: string) => `[file](/user_uploads/${pathId})`;

describe('messages claim the uploads they link to; the attachment.access query', () => {
  let capture: EventCapture;
  let client: RequestClient;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    const { KAFKA_BROKERS } = StackEndpointsSchema.parse(process.env);
    const logger = createLogger('upload-claims-spec', 'warn');
    client = new RequestClient(createKafka('upload-claims-spec', KAFKA_BROKERS, logger), `upload-claims-spec-${randomUUID()}`, logger);
    [capture, , alice, bob, carol] = await Promise.all([
      captureEvents('messages'),
      client.start(),
      createUser({ label: 'alice' }),
      createUser({ label: 'bob' }),
      createUser({ label: 'carol' }),
    ]);
  });
  afterAll(async () => {
    await capture.stop();
    await client.stop();
  });

  /** Asks the messages service directly, as the gateway does before serving an upload. */
  async function access(actor: TestUser, pathId: string): Promise<AttachmentAccessReply['access']> {
    const commandId = randomUUID();
    const reply: Reply = await client.request(commandsTopic('messages'), {
      commandId,
      type: ATTACHMENT_ACCESS,
      kind: 'query',
      key: `user:${actor.userId}`,
      correlationId: commandId,
      actorId: actor.userId,
      deadline: Date.now() + 15_000,
      replyTo: client.replyTo,
      after: [],
      data: { pathId },
    });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return AttachmentAccessReply.parse(reply.body).access;
  }

  /** The query does not wait for the projection: asks until the answer is `expected` (or gives the last one). */
  async function eventualAccess(actor: TestUser, pathId: string, expected: AttachmentAccessReply['access']): Promise<string> {
    let last = '';
    for (let i = 0; i < 50; i++) {
      last = await access(actor, pathId);
      if (last === expected) return last;
      await new Promise((r) => setTimeout(r, 100));
    }
    return last;
  }

  const sentEvent = (messageId: number) => capture.waitFor((e) => e.type === 'message.sent.v1' && e.data.messageId === messageId);

  it("given a message linking the sender's own upload, then message.sent.v1 claims it and its recipients may read the upload", async () => {
    const pathId = await upload(alice);
    expect(await eventualAccess(bob, pathId, 'forbidden')).toBe('forbidden');
    const id = await sendDirect(alice, [bob.userId], `here: ${link(pathId)} and again ${link(pathId)}`);
    expect((await sentEvent(id)).data.attachmentPathIds).toEqual([pathId]);
    expect(await eventualAccess(bob, pathId, 'allowed')).toBe('allowed');
    expect(await access(alice, pathId)).toBe('allowed');
    expect(await access(carol, pathId)).toBe('forbidden');
  });

  it("given another user's private upload the sender cannot read, then the message does not claim it", async () => {
    const pathId = await upload(bob, 'private.txt');
    const id = await sendDirect(alice, [carol.userId], `look ${link(pathId)}`);
    expect((await sentEvent(id)).data.attachmentPathIds).toBeUndefined();
    expect(await eventualAccess(carol, pathId, 'forbidden')).toBe('forbidden');
  });

  it("given another user's upload the sender reads through a message, then forwarding it claims it for the new recipients", async () => {
    const pathId = await upload(alice, 'shared.txt');
    await sendDirect(alice, [bob.userId], link(pathId));
    expect(await eventualAccess(bob, pathId, 'allowed')).toBe('allowed');
    const id = await sendDirect(bob, [carol.userId], `forwarded ${link(pathId)}`);
    expect((await sentEvent(id)).data.attachmentPathIds).toEqual([pathId]);
    expect(await eventualAccess(carol, pathId, 'allowed')).toBe('allowed');
  });

  it("given an edit that removes the only link to the editor's upload, then detached_uploads lists it and readers lose access", async () => {
    const pathId = await upload(alice, 'draft.txt');
    const id = await sendDirect(alice, [bob.userId], `v1 ${link(pathId)}`);
    expect(await eventualAccess(bob, pathId, 'allowed')).toBe('allowed');
    const attachment = (await api('GET', '/attachments', { auth: alice })).body.attachments as {
      id: number;
      path_id: string;
      name: string;
      size: number;
      create_time: number;
    }[];
    const mine = attachment.find((a) => a.path_id === pathId)!;

    const res = await api('PATCH', `/messages/${id}`, { auth: alice, params: { content: 'v2 without the file' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      detached_uploads: [{ id: mine.id, name: 'draft.txt', path_id: pathId, size: mine.size, create_time: mine.create_time, messages: [] }],
    });
    const edited = await capture.waitFor((e) => e.type === 'message.content_edited.v1' && e.data.messageId === id);
    expect(edited.data.attachmentPathIds).toEqual([]);
    expect(await eventualAccess(bob, pathId, 'forbidden')).toBe('forbidden');
  });

  it('given an edit that keeps or adds links, then the event carries the new full set and nothing is detached', async () => {
    const [first, second] = [await upload(alice, 'one.txt'), await upload(alice, 'two.txt')];
    const id = await sendDirect(alice, [bob.userId], link(first));
    const res = await api('PATCH', `/messages/${id}`, { auth: alice, params: { content: `${link(first)} ${link(second)}` } });
    expect(res.body).toEqual({ result: 'success', msg: '', detached_uploads: [] });
    const edited = await capture.waitFor((e) => e.type === 'message.content_edited.v1' && e.data.messageId === id);
    expect(edited.data.attachmentPathIds).toEqual([first, second].sort());
  });

  it('given a path no upload has, or a deleted upload, then access is missing', async () => {
    expect(await access(alice, '1/00/AAAAAAAAAAAAAAAAAAAAAAAA/none.txt')).toBe('missing');
    const pathId = await upload(alice, 'gone.txt');
    expect(await eventualAccess(alice, pathId, 'allowed')).toBe('allowed');
    const attachments = (await api('GET', '/attachments', { auth: alice })).body.attachments as { id: number; path_id: string }[];
    const res = await api('DELETE', `/attachments/${attachments.find((a) => a.path_id === pathId)!.id}`, { auth: alice });
    expect(res.status).toBe(200);
    expect(await eventualAccess(alice, pathId, 'missing')).toBe('missing');
  });

  it('given deleted messages, then they no longer grant access to the uploads they claimed, which the uploads service then removes', async () => {
    const pathId = await upload(alice, 'deleted-message.txt');
    const id = await sendDirect(alice, [bob.userId], link(pathId));
    expect(await eventualAccess(bob, pathId, 'allowed')).toBe('allowed');
    const res = await api('DELETE', `/messages/${id}`, { auth: alice });
    expect(res.status).toBe(200);
    // The last claiming message gone, the upload goes too (the uploads service follows the deletion).
    expect(await eventualAccess(bob, pathId, 'missing')).toBe('missing');
  });
});

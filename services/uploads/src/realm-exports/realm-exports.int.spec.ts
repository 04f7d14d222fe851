import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Role } from '@zulip-es/contracts';
import { ObjectStore, StackEndpointsSchema } from '@zulip-es/platform';
import {
  api,
  basicAuth,
  createChannel,
  createUser,
  owner,
  systemInfo,
  TestEventQueue,
  uniqueChannelName,
  uploadFile,
  type Credentials,
  type TestUser,
} from '@zulip-es/testing';

interface ExportView {
  id: number;
  export_time: number;
  acting_user_id: number;
  export_url: string | null;
  deleted_timestamp: number | null;
  failed_timestamp: number | null;
  pending: boolean;
  export_type: number;
}

interface Line {
  partition: number;
  offset: number;
  event: { type: string; data: Record<string, unknown> };
}

interface Archive {
  manifest: Record<string, unknown>;
  events: Record<string, Line[]>;
  /** Object keys under `objects/`, with their contents. */
  file: (key: string) => Buffer | null;
}

const exportsOf = async (auth: Credentials): Promise<ExportView[]> => {
  const res = await api('GET', '/export/realm', { auth });
  expect(res.status).toBe(200);
  return res.body.exports as ExportView[];
};

/** Starts an export and waits until its job has recorded it (succeeded or failed). */
async function exportRealm(exportType: number | undefined, timeoutMs = 90_000): Promise<ExportView> {
  const res = await api('POST', '/export/realm', { auth: owner(), params: exportType === undefined ? {} : { export_type: exportType } });
  expect(res.status).toBe(200);
  const id = res.body.id as number;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await exportsOf(owner())).find((e) => e.id === id);
    if (found && !found.pending) return found;
    if (Date.now() > until) throw new Error(`export ${id} still pending after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const download = (url: string, auth?: Credentials): Promise<Response> =>
  fetch(url, { headers: auth ? { authorization: basicAuth(auth) } : {} });

/** The archive behind `url`, downloaded as the owner and unpacked with tar. */
async function archiveAt(url: string, dir: string): Promise<Archive> {
  const res = await download(url, owner());
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/gzip');
  const file = path.join(dir, path.basename(url));
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const out = mkdtempSync(path.join(dir, 'out-'));
  const untar = spawnSync('tar', ['-xzf', file, '-C', out], { encoding: 'utf8' });
  expect(untar.stderr).toBe('');
  expect(untar.status).toBe(0);
  const top = path.join(out, path.basename(url).replace(/\.tar\.gz$/u, ''));
  const manifest = JSON.parse(readFileSync(path.join(top, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  const events: Record<string, Line[]> = {};
  for (const topic of ['users.events', 'messages.events', 'uploads.events']) {
    events[topic] = readFileSync(path.join(top, 'events', `${topic}.jsonl`), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Line);
  }
  const fileOf = (key: string): Buffer | null => {
    try {
      return readFileSync(path.join(top, 'objects', key));
    } catch {
      return null;
    }
  };
  return { manifest, events, file: fileOf };
}

const sentIds = (archive: Archive): Set<number> =>
  new Set(
    archive.events['messages.events']!.filter((l) => l.event.type === 'message.sent.v1').map((l) => l.event.data.messageId as number),
  );

async function send(auth: Credentials, params: Record<string, unknown>): Promise<number> {
  const res = await api('POST', '/messages', { auth, params });
  expect(res.status).toBe(200);
  return res.body.id as number;
}

describe('organization exports: POST/GET /export/realm, DELETE /export/realm/{id}, GET /export/realm/consents', () => {
  const bucket = new ObjectStore(StackEndpointsSchema.parse(process.env));
  const dir = mkdtempSync(path.join(tmpdir(), 'realm-export-int-'));
  let consenting: TestUser;
  let member: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let ownerQueue: TestEventQueue;
  const sent = { publicMessage: 0, privateMessage: 0, consentedDirect: 0, otherDirect: 0, movedOut: 0 };
  let publicUpload: { url: string; pathId: string };
  let privateUpload: { url: string; pathId: string };
  let consentedUpload: { url: string; pathId: string };

  beforeAll(async () => {
    ownerQueue = await TestEventQueue.register(owner(), { event_types: ['realm_export', 'realm_export_consent'] });
    [consenting, member, other, admin] = await Promise.all([
      createUser({ label: 'export-consenting' }),
      createUser({ label: 'export-member' }),
      createUser({ label: 'export-other' }),
      createUser({ label: 'export-admin', role: Role.ADMINISTRATOR }),
    ]);
    expect((await api('PATCH', '/settings', { auth: consenting, params: { allow_private_data_export: true } })).status).toBe(200);

    const publicChannel = await createChannel({
      name: uniqueChannelName('export-public'),
      subscribers: [member.userId, consenting.userId],
    });
    const privateChannel = await createChannel({
      name: uniqueChannelName('export-private'),
      subscribers: [consenting.userId, member.userId],
      invite_only: true,
    });
    publicUpload = await uploadFile(member, 'public-notes.txt', 'public bytes');
    privateUpload = await uploadFile(member, 'private-notes.txt', 'private bytes');
    consentedUpload = await uploadFile(consenting, 'consented-notes.txt', 'consented bytes');
    sent.publicMessage = await send(member, {
      type: 'stream',
      to: publicChannel,
      topic: 'export',
      content: `see [notes](${publicUpload.url})`,
    });
    sent.privateMessage = await send(member, {
      type: 'stream',
      to: privateChannel,
      topic: 'export',
      content: `secret [notes](${privateUpload.url})`,
    });
    sent.movedOut = await send(member, { type: 'stream', to: publicChannel, topic: 'moving', content: 'soon private' });
    const moved = await api('PATCH', `/messages/${sent.movedOut}`, {
      auth: member,
      params: { stream_id: privateChannel, propagate_mode: 'change_one' },
    });
    expect(moved.status).toBe(200);
    sent.consentedDirect = await send(consenting, {
      type: 'direct',
      to: JSON.stringify([member.userId]),
      content: `hello [notes](${consentedUpload.url})`,
    });
    sent.otherDirect = await send(member, { type: 'direct', to: JSON.stringify([other.userId]), content: 'just between us' });
  });
  afterAll(async () => {
    await ownerQueue.delete();
    rmSync(dir, { recursive: true, force: true });
  });

  it("tells the administrators of a member's consent, and lists every active human user's consent", async () => {
    const event = await ownerQueue.waitFor((e) => e.type === 'realm_export_consent' && e.user_id === consenting.userId);
    expect(event).toMatchObject({ type: 'realm_export_consent', user_id: consenting.userId, consented: true });
    const res = await api('GET', '/export/realm/consents', { auth: admin });
    expect(res.status).toBe(200);
    const consents = res.body.export_consents as { user_id: number; consented: boolean }[];
    expect(consents).toContainEqual({ user_id: consenting.userId, consented: true });
    expect(consents).toContainEqual({ user_id: member.userId, consented: false });
    expect(Object.keys(consents[0]!).sort()).toEqual(['consented', 'user_id']);
    const registered = await api('POST', '/register', { auth: consenting, params: { fetch_event_types: ['user_settings'] } });
    expect((registered.body.user_settings as Record<string, unknown>).allow_private_data_export).toBe(true);
  });

  it('exports the public data by default: public channel messages and the files they link, no private data, no secrets', async () => {
    const done = await exportRealm(undefined);
    expect(done).toMatchObject({
      export_type: 1,
      pending: false,
      failed_timestamp: null,
      deleted_timestamp: null,
      acting_user_id: expect.any(Number),
    });
    expect(done.export_url).toMatch(
      new RegExp(`^${systemInfo().gatewayUrl}/user_avatars/exports/1/[A-Za-z0-9_-]{24}/zulip-export-[0-9a-f]{8}\\.tar\\.gz$`, 'u'),
    );

    const archive = await archiveAt(done.export_url!, dir);
    expect(archive.manifest).toMatchObject({ format: 'zulip-es-events', formatVersion: 1, exportId: done.id, exportType: 1, realmId: 1 });
    const ids = sentIds(archive);
    expect(ids.has(sent.publicMessage)).toBe(true);
    expect(ids.has(sent.privateMessage)).toBe(false);
    expect(ids.has(sent.movedOut)).toBe(false);
    expect(ids.has(sent.consentedDirect)).toBe(false);
    expect(ids.has(sent.otherDirect)).toBe(false);

    const users = archive.events['users.events']!;
    const created = users.find((l) => l.event.type === 'user.created.v2' && l.event.data.userId === member.userId)!;
    expect(created.event.data).toMatchObject({ userId: member.userId, fullName: member.fullName });
    for (const secret of ['passwordHash', 'apiKeyHash', 'apiKeyNonce']) expect(users.some((l) => secret in l.event.data)).toBe(false);
    expect(users.some((l) => l.event.type === 'user.settings_changed.v1' && l.event.data.property === 'allow_private_data_export')).toBe(
      true,
    );

    expect(archive.file(publicUpload.pathId)?.toString()).toBe('public bytes');
    expect(archive.file(privateUpload.pathId)).toBeNull();
    expect(archive.file(consentedUpload.pathId)).toBeNull();
  });

  it('adds, in a standard export, the direct and private channel messages and the files of members who consented', async () => {
    const done = await exportRealm(2);
    expect(done).toMatchObject({ export_type: 2, pending: false, failed_timestamp: null });
    const archive = await archiveAt(done.export_url!, dir);
    const ids = sentIds(archive);
    expect(ids.has(sent.publicMessage)).toBe(true);
    expect(ids.has(sent.privateMessage)).toBe(true);
    expect(ids.has(sent.movedOut)).toBe(true);
    expect(ids.has(sent.consentedDirect)).toBe(true);
    expect(ids.has(sent.otherDirect)).toBe(false);
    expect(archive.file(privateUpload.pathId)?.toString()).toBe('private bytes');
    expect(archive.file(consentedUpload.pathId)?.toString()).toBe('consented bytes');
  });

  it('tells the administrators of every change with the whole list, pending first', async () => {
    const done = await exportRealm(1);
    const pending = await ownerQueue.waitFor(
      (e) => e.type === 'realm_export' && (e.exports as ExportView[]).some((x) => x.id === done.id && x.pending),
    );
    const finished = await ownerQueue.waitFor(
      (e) => e.type === 'realm_export' && (e.exports as ExportView[]).some((x) => x.id === done.id && !x.pending),
    );
    expect(pending.id).toBeLessThan(finished.id);
    expect((finished.exports as ExportView[]).find((x) => x.id === done.id)).toEqual(done);
  });

  it('serves the archive to owners only, with their credentials', async () => {
    const done = await exportRealm(1);
    const url = done.export_url!;
    expect((await download(url, owner())).status).toBe(200);
    for (const auth of [admin, member]) {
      const refused = await download(url, auth);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toBe('<p>You are not authorized to view this file.</p>');
    }
    expect((await download(url)).status).toBe(401);
    expect((await download(url.replace('/exports/1/', '/exports/2/'), owner())).status).toBe(403);
    expect((await download(url.replace(/zulip-export-[0-9a-f]+/u, 'zulip-export-00000000'), owner())).status).toBe(404);
  });

  it('deletes a finished export: the archive is gone, deleted_timestamp is set, and a second delete is refused', async () => {
    const done = await exportRealm(1);
    const key = new URL(done.export_url!).pathname.slice('/user_avatars/'.length);
    expect(await bucket.stat(key)).not.toBeNull();
    const deleted = await api('DELETE', `/export/realm/${done.id}`, { auth: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ result: 'success', msg: '' });
    const listed = (await exportsOf(owner())).find((e) => e.id === done.id)!;
    expect(listed).toMatchObject({ pending: false, export_url: null, deleted_timestamp: expect.any(Number) });
    const until = Date.now() + 10_000;
    while ((await bucket.stat(key)) !== null && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await bucket.stat(key)).toBeNull();
    expect((await download(done.export_url!, owner())).status).toBe(404);
    const again = await api('DELETE', `/export/realm/${done.id}`, { auth: owner() });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Export already deleted' });
    await ownerQueue.waitFor(
      (e) => e.type === 'realm_export' && (e.exports as ExportView[]).some((x) => x.id === done.id && x.deleted_timestamp !== null),
    );
  });

  it("refuses bad input with Zulip's errors and changes nothing", async () => {
    const before = await exportsOf(owner());
    const badType = await api('POST', '/export/realm', { auth: owner(), params: { export_type: 3 } });
    expect(badType.status).toBe(400);
    expect(badType.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Invalid export_type: Value error, Not in the list of possible values',
    });
    const notInt = await api('POST', '/export/realm', { auth: owner(), params: { export_type: 'full' } });
    expect(notInt.status).toBe(400);
    const unknown = await api('DELETE', '/export/realm/999999', { auth: owner() });
    expect(unknown.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid data export ID' });
    expect(await exportsOf(owner())).toEqual(before);
  });

  it('refuses members every export operation', async () => {
    for (const [method, route] of [
      ['POST', '/export/realm'],
      ['GET', '/export/realm'],
      ['DELETE', '/export/realm/1'],
      ['GET', '/export/realm/consents'],
    ] as const) {
      const res = await api(method, route, { auth: member });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
    }
  });
});

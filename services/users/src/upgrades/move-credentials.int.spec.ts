import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Admin, Kafka } from 'kafkajs';
import { CREDENTIALS_TOPIC, Role, SERVICE_PARTITIONS, type EventEnvelope } from '@zulip-es/contracts';
import {
  archivedRecords,
  createKafka,
  createLogger,
  ensureTopics,
  restore,
  StackEndpointsSchema,
  writeArchivedPartition,
  type ArchivedRecord,
  type BackupManifest,
} from '@zulip-es/platform';
import { eventually, topicRecords } from '@zulip-es/testing';
import { CredentialsStore } from '../credentials/credentials-store';
import { ZULIP_DEFAULT_USER_SETTINGS } from '../user-settings/user-settings.rules';
import { moveCredentialsInArchive, MoveRefused } from './move-credentials-archive';
import { credentialsPartition } from './move-credentials';

const logger = createLogger('move-credentials-test', 'warn');
const USERS_EVENTS = 'users.events';
/** A relay's group in the backup (restoring sets its offsets: a name no running service uses). */
const RELAY_GROUP = `move-test-relay-${randomBytes(4).toString('hex')}`;

const envelope = (type: string, aggregateId: string, data: Record<string, unknown>): EventEnvelope => ({
  eventId: randomUUID(),
  type,
  aggregateId,
  sequence: 1,
  time: '2025-06-01T10:00:00.000Z',
  actorId: null,
  correlationId: 'req-old',
  causationId: 'cmd-old',
  data,
});
const userCreatedV1 = (userId: number, withSettings: boolean) =>
  envelope('user.created.v1', `user:${userId}`, {
    userId,
    realmId: 1,
    deliveryEmail: `u${userId}@example.com`,
    fullName: `User ${userId}`,
    role: Role.MEMBER,
    isBot: false,
    timezone: '',
    emailAddressVisibility: 1,
    dateJoined: '2025-06-01T10:00:00.000Z',
    passwordHash: `scrypt$secret-of-${userId}`,
    apiKeyHash: String(userId).repeat(64).slice(0, 64),
    apiKeyNonce: `nonce-of-user-${userId}-0123`,
    ...(withSettings ? { settings: { ...ZULIP_DEFAULT_USER_SETTINGS, color_scheme: 3 } } : {}),
  });

/** An archive as `npm run backup` writes it before credentials moved: users.events in 8 partitions, one relay group, uploads. */
async function oldBackup(dir: string): Promise<EventEnvelope[]> {
  const events = [
    envelope('realm.created.v1', 'realm', {
      realmId: 1,
      name: 'Old',
      host: 'chat.example.com',
      url: 'https://chat.example.com',
      createdAt: '2025-06-01T10:00:00.000Z',
    }),
    userCreatedV1(1, false),
    userCreatedV1(2, true),
    envelope('user.full_name_changed.v1', 'user:2', { userId: 2, fullName: 'Renamed' }),
  ];
  const partitions = [];
  for (let partition = 0; partition < SERVICE_PARTITIONS; partition++) {
    const records: ArchivedRecord[] = events
      .map((e, i) => ({ e, i }))
      .filter(({ i }) => i % 2 === partition)
      .map(({ e }, o) => ({ o: String(o), k: e.aggregateId, v: JSON.stringify(e), h: { type: e.type } }));
    partitions.push(await writeArchivedPartition(dir, USERS_EVENTS, partition, records));
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt: '2025-06-02T00:00:00.000Z',
    topics: [{ name: USERS_EVENTS, partitions }],
    groups: [{ groupId: RELAY_GROUP, topic: USERS_EVENTS, offsets: [{ partition: 1, offset: '2' }] }],
    objects: { objects: 0, bytes: 0 },
  };
  writeFileSync(path.join(dir, 'objects.ndjson'), '');
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return events;
}

async function archived(dir: string, topic: string): Promise<{ partition: number; record: ArchivedRecord; event: EventEnvelope }[]> {
  const all = [];
  for (let partition = 0; partition < SERVICE_PARTITIONS; partition++)
    for await (const record of archivedRecords(dir, topic, partition))
      all.push({ partition, record, event: JSON.parse(record.v) as EventEnvelope });
  return all;
}

/**
 * Moving the sign-in material of older logs off users.events: a backup rewritten record by
 * record, then restored as any backup is.
 */
describe('moving credentials off users.events, through a backup', () => {
  let from: string;
  let to: string;

  beforeEach(() => {
    from = mkdtempSync(path.join(tmpdir(), 'move-from-'));
    to = path.join(mkdtempSync(path.join(tmpdir(), 'move-to-')), 'moved');
  });
  afterEach(() => {
    rmSync(from, { recursive: true, force: true });
    rmSync(path.dirname(to), { recursive: true, force: true });
  });

  it('rewrites user.created.v1 as v2 at the same offsets and writes the material to users.credentials', async () => {
    const original = await oldBackup(from);
    expect(await moveCredentialsInArchive(from, to)).toEqual({ moved: 2, records: 4 });

    const events = await archived(to, USERS_EVENTS);
    expect(events.map((e) => [e.partition, e.record.o, e.event.type])).toEqual([
      [0, '0', 'realm.created.v1'],
      [0, '1', 'user.created.v2'],
      [1, '0', 'user.created.v2'],
      [1, '1', 'user.full_name_changed.v1'],
    ]);
    expect(events.map((e) => e.record.v).join('\n')).not.toMatch(/passwordHash|apiKeyHash|apiKeyNonce|scrypt/);
    const createdV2 = (userId: number) =>
      events.find((e) => e.event.type === 'user.created.v2' && e.event.aggregateId === `user:${userId}`)!.event;
    const [v2OfUser1, v2OfUser2] = [createdV2(1), createdV2(2)];
    // The same event: id, time and causation kept; settings where it had none are Zulip's defaults it meant.
    expect(v2OfUser1).toMatchObject({ eventId: original[1].eventId, time: original[1].time, causationId: 'cmd-old' });
    expect(v2OfUser1.data).toMatchObject({ userId: 1, deliveryEmail: 'u1@example.com', settings: ZULIP_DEFAULT_USER_SETTINGS });
    expect(v2OfUser2.data).toMatchObject({ userId: 2, settings: { color_scheme: 3 } });
    expect(events.find((e) => e.event.type === 'user.full_name_changed.v1')?.record.v).toBe(JSON.stringify(original[3]));

    const credentials = await archived(to, CREDENTIALS_TOPIC);
    const byPartition = (a: unknown[], b: unknown[]) => (a[0] as number) - (b[0] as number);
    expect(credentials.map((c) => [c.partition, c.record.k, c.event.type, c.event.data])).toEqual(
      [1, 2]
        .map((userId) => [
          credentialsPartition(`user:${userId}`),
          `user:${userId}`,
          'user.credentials_issued.v1',
          {
            userId,
            passwordHash: `scrypt$secret-of-${userId}`,
            apiKeyHash: String(userId).repeat(64).slice(0, 64),
            apiKeyNonce: `nonce-of-user-${userId}-0123`,
          },
        ])
        .sort(byPartition),
    );
    const manifest = JSON.parse(readFileSync(path.join(to, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest.groups).toEqual([{ groupId: RELAY_GROUP, topic: USERS_EVENTS, offsets: [{ partition: 1, offset: '2' }] }]);
    expect(manifest.topics.map((t) => [t.name, t.partitions.reduce((n, p) => n + p.records, 0)])).toEqual([
      [USERS_EVENTS, 4],
      [CREDENTIALS_TOPIC, 2],
    ]);
    expect(existsSync(path.join(to, 'objects.ndjson'))).toBe(true);
  });

  it('refuses an unfinished backup and a target that is not empty, writing nothing', async () => {
    await expect(moveCredentialsInArchive(from, to)).rejects.toThrow(MoveRefused);
    await oldBackup(from);
    await expect(moveCredentialsInArchive(from, from)).rejects.toThrow(/is not empty/);
    expect(existsSync(to)).toBe(false);
  });

  describe('restored into empty topics', () => {
    const run = randomBytes(4).toString('hex');
    const prefix = `move-test-${run}.`;
    let kafka: Kafka;
    let admin: Admin;

    beforeAll(async () => {
      kafka = createKafka('move-credentials-test', StackEndpointsSchema.parse(process.env).KAFKA_BROKERS, logger);
      admin = kafka.admin();
      await admin.connect();
      const topics = [USERS_EVENTS, CREDENTIALS_TOPIC].map((name) => prefix + name);
      await ensureTopics(
        admin,
        topics.map((name) => ({
          name,
          partitions: SERVICE_PARTITIONS,
          retention: 'forever' as const,
          purpose: 'test',
        })),
      );
      // A new topic's leader may be unknown to the client for a moment after creation.
      for (const topic of topics) await eventually(() => admin.fetchTopicOffsets(topic).catch(() => undefined), `offsets of ${topic}`);
    }, 60_000);
    afterAll(async () => {
      await admin.deleteTopics({ topics: [USERS_EVENTS, CREDENTIALS_TOPIC].map((name) => prefix + name) }).catch(() => undefined);
      await admin.disconnect();
    });

    it("gives the users service every user's credentials, and users.events none", async () => {
      await oldBackup(from);
      await moveCredentialsInArchive(from, to);
      expect(await restore({ kafka, store: null, logger }, to, prefix)).toMatchObject({ records: 6 });

      const read = (topic: string) => topicRecords(topic, kafka);
      const events = await read(prefix + USERS_EVENTS);
      expect(events).toHaveLength(4);
      expect(events.map((r) => r.value.toString()).join('\n')).not.toMatch(/passwordHash|apiKeyHash|apiKeyNonce/);
      const store = new CredentialsStore({ connect: async () => undefined, disconnect: async () => undefined, send: async () => [] });
      for (const record of await read(prefix + CREDENTIALS_TOPIC)) store.apply(JSON.parse(record.value.toString()) as EventEnvelope);
      expect(store.of({ userId: 1 })?.passwordHash).toBe('scrypt$secret-of-1');
      expect(store.of({ userId: 2 })?.apiKeyNonce).toBe('nonce-of-user-2-0123');
    }, 60_000);
  });
});

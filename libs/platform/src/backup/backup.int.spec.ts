import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Admin, Kafka } from 'kafkajs';
import type { Client } from 'minio';
import { s3Client } from '../object-store/s3-client';
import { StackEndpointsSchema } from '../config/stack-endpoints';
import { ensureTopics } from '../kafka/ensure-topics';
import { createKafka, DURABLE_PRODUCER } from '../kafka/kafka-client';
import { TopicFollower, type FollowedMessage } from '../kafka/topic-follower';
import { createLogger } from '../logging/logger';
import { ObjectStore } from '../object-store/object-store';
import { backup, restore, RestoreRefused } from './backup';

const endpoints = StackEndpointsSchema.parse(process.env);
const logger = createLogger('backup-test', 'warn');
const forever = (name: string, partitions: number) => ({ name, partitions, retention: 'forever' as const, purpose: 'backup test' });

async function readAll(kafka: Kafka, topic: string): Promise<FollowedMessage[]> {
  const records: FollowedMessage[] = [];
  await new TopicFollower(
    kafka,
    { name: `read-${topic}`, topics: [topic], stopAtEnd: true },
    async (batch) => void records.push(...batch),
    logger,
  ).start();
  return records.sort((a, b) => a.partition - b.partition || Number(a.offset - b.offset));
}

async function bucket(client: Client, name: string): Promise<ObjectStore> {
  await client.makeBucket(name, endpoints.S3_REGION);
  return new ObjectStore({ ...endpoints, S3_BUCKET: name });
}

/**
 * The operator's backup and restore: every record of the events topics, back in the partitions and
 * offsets they had, with the relays' group offsets and the uploads.
 */
describe('backup and restore of the source of truth', () => {
  const run = randomBytes(4).toString('hex');
  const topic = `backup-test-${run}.events`;
  const group = `backup-test-relay-${run}`;
  let kafka: Kafka;
  let admin: Admin;
  let minio: Client;
  let dir: string;

  beforeAll(async () => {
    kafka = createKafka('backup-test', endpoints.KAFKA_BROKERS, logger);
    admin = kafka.admin();
    await admin.connect();
    minio = s3Client(endpoints);
    dir = mkdtempSync(path.join(tmpdir(), 'backup-'));
    await ensureTopics(admin, [forever(topic, 3), forever(`restored-${topic}`, 3), forever(`narrow-${topic}`, 2)]);
    const producer = kafka.producer(DURABLE_PRODUCER);
    await producer.connect();
    await producer.send({
      topic,
      acks: -1,
      messages: Array.from({ length: 40 }, (_, i) => ({
        partition: i % 3,
        key: i % 5 === 0 ? null : `user:${i}`,
        value: JSON.stringify({ type: 'test.happened.v1', i, text: 'ünïcödé ✓' }),
        headers: { type: 'test.happened.v1', ...(i % 2 ? { 'command-deadline': String(1_800_000_000_000 + i) } : {}) },
      })),
    });
    await producer.disconnect();
    // A relay that acted on the first records of two partitions, and a read model's group of one start (left out).
    await admin.setOffsets({
      groupId: group,
      topic,
      partitions: [
        { partition: 0, offset: '5' },
        { partition: 2, offset: '13' },
      ],
    });
    await admin.setOffsets({ groupId: `reader-${run}.${randomUUID()}`, topic, partitions: [{ partition: 1, offset: '2' }] });
  }, 60_000);

  afterAll(async () => {
    for (const name of [`backup-src-${run}`, `backup-dst-${run}`]) {
      const keys: string[] = [];
      for await (const item of minio.listObjectsV2(name, '', true)) if (item.name) keys.push(item.name);
      await minio.removeObjects(name, keys).catch(() => undefined);
      await minio.removeBucket(name).catch(() => undefined);
    }
    await admin.deleteTopics({ topics: [topic, `restored-${topic}`, `narrow-${topic}`] }).catch(() => undefined);
    await admin.disconnect();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores every record to its partition and offset, with its key and headers, the group offsets and the objects', async () => {
    const source = await bucket(minio, `backup-src-${run}`);
    await source.put('2/ab/xyz/photo.png', Readable.from([Buffer.from('png bytes')]), 'image/png');
    await source.put('2/emoji/images/e.gif', Readable.from([Buffer.alloc(70_000, 7)]), 'image/gif');

    const manifest = await backup({ kafka, store: source, logger }, dir, [topic]);
    expect(manifest.topics).toEqual([
      {
        name: topic,
        partitions: [0, 1, 2].map((partition) => ({
          partition,
          records: partition === 0 ? 14 : 13,
          firstOffset: '0',
          endOffset: partition === 0 ? '14' : '13',
        })),
      },
    ]);
    expect(manifest.groups).toEqual([
      {
        groupId: group,
        topic,
        offsets: [
          { partition: 0, offset: '5' },
          { partition: 2, offset: '13' },
        ],
      },
    ]);
    expect(manifest.objects).toEqual({ objects: 2, bytes: 70_009 });

    const target = await bucket(minio, `backup-dst-${run}`);
    const restored = await restore({ kafka, store: target, logger }, dir, 'restored-');
    expect(restored).toEqual({ records: 40, groups: 1, objects: { objects: 2, skipped: 0 } });

    const shape = (r: FollowedMessage) => ({
      partition: r.partition,
      offset: r.offset,
      key: r.key,
      value: r.value.toString(),
      headers: r.headers,
    });
    expect((await readAll(kafka, `restored-${topic}`)).map(shape)).toEqual((await readAll(kafka, topic)).map(shape));
    const [offsets] = await admin.fetchOffsets({ groupId: group, topics: [`restored-${topic}`] });
    expect(offsets!.partitions.filter((p) => p.offset !== '-1').sort((a, b) => a.partition - b.partition)).toEqual([
      expect.objectContaining({ partition: 0, offset: '5' }),
      expect.objectContaining({ partition: 2, offset: '13' }),
    ]);
    expect(await target.stat('2/emoji/images/e.gif')).toEqual({ size: 70_000, contentType: 'image/gif' });
    expect((await target.readWhole('2/ab/xyz/photo.png')).toString()).toBe('png bytes');
  }, 60_000);

  it('refuses to restore into topics that are not empty, or have other partitions, changing nothing', async () => {
    await expect(restore({ kafka, store: null, logger }, dir, 'restored-')).rejects.toThrow(
      new RestoreRefused(`topic restored-${topic} is not empty: restore into a new cluster (or new, empty topics)`),
    );
    await expect(restore({ kafka, store: null, logger }, dir, 'narrow-')).rejects.toThrow(RestoreRefused);
    await expect(restore({ kafka, store: null, logger }, dir, 'missing-')).rejects.toThrow(/does not exist/);
    const [narrow] = await admin.fetchTopicOffsets(`narrow-${topic}`);
    expect(narrow!.high).toBe('0');
  });
});

import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { thumbnailKey } from '@zulip-es/contracts';
import { ObjectStore, StackEndpointsSchema, connectMongo } from '@zulip-es/platform';
import { createUser, uploadFile } from '@zulip-es/testing';
import type { Connection } from 'mongoose';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { UploadsRepository } from '../projection/uploads.repository';
import { UPLOAD_GC_QUEUE } from './upload-gc';
import { collectOrphanObjects } from './collect-orphan-objects';
import { UPLOADS_DATABASE } from '../projection/uploads.projection';

const HOUR = 60 * 60 * 1000;

describe('upload garbage collection: objects no attachment records', () => {
  const endpoints = StackEndpointsSchema.parse(process.env);
  const store = new ObjectStore(endpoints);
  let db: Connection;
  let repo: UploadsRepository;
  beforeAll(async () => {
    db = await connectMongo(endpoints.MONGO_URL, UPLOADS_DATABASE);
    repo = new UploadsRepository(db);
  });
  afterAll(() => db.close());

  it('removes an unrecorded object once it is older than the grace period, and never a recorded upload', async () => {
    const orphan = `1/ff/${randomBytes(18).toString('base64url')}/crashed.txt`;
    await store.put(orphan, Readable.from([Buffer.from('left behind')]), 'text/plain');
    const user = await createUser();
    const recorded = (await uploadFile(user, 'kept.txt')).pathId;

    // Each run keeps to this test's two objects: other tests' uploads may be on their way.
    const collect = async (now: Date) => {
      let removed = 0;
      for (const key of [orphan, recorded]) removed += await collectOrphanObjects(store, repo, now, 2 * HOUR, key);
      return removed;
    };

    // Within the grace period (the clock an hour on, the grace two hours): both stay.
    expect(await collect(new Date(Date.now() + HOUR))).toBe(0);
    expect(await store.stat(orphan)).not.toBeNull();

    // Past it: the orphan goes, the recorded upload stays; a second run removes nothing.
    expect(await collect(new Date(Date.now() + 3 * HOUR))).toBe(1);
    expect(await store.stat(orphan)).toBeNull();
    expect(await store.stat(recorded)).not.toBeNull();
    expect(await collect(new Date(Date.now() + 3 * HOUR))).toBe(0);
  });
  it('keeps custom emoji images, which no attachment records', async () => {
    const emoji = `1/emoji/images/${randomBytes(8).toString('hex')}.png`;
    await store.put(emoji, Readable.from([Buffer.from('an emoji')]), 'image/png');
    expect(await collectOrphanObjects(store, repo, new Date(Date.now() + 3 * HOUR), 2 * HOUR, emoji)).toBe(0);
    expect(await store.stat(emoji)).not.toBeNull();
    await store.remove(emoji);
  });

  it('keeps organization export archives, which go only with their export', async () => {
    const archive = `exports/1/${randomBytes(18).toString('base64url')}/zulip-export-0a1b2c3d.tar.gz`;
    await store.put(archive, Readable.from([Buffer.from('an archive')]), 'application/gzip');
    expect(await collectOrphanObjects(store, repo, new Date(Date.now() + 3 * HOUR), 2 * HOUR, archive)).toBe(0);
    expect(await store.stat(archive)).not.toBeNull();
    await store.remove(archive);
  });

  it('keeps the thumbnails of a recorded upload and removes those of an upload no one recorded', async () => {
    const user = await createUser();
    const recorded = (await uploadFile(user, 'kept.txt')).pathId;
    const ofRecorded = thumbnailKey(recorded, '840x560.webp');
    const ofOrphan = thumbnailKey(`1/ff/${randomBytes(18).toString('base64url')}/crashed.png`, '840x560.webp');
    for (const key of [ofRecorded, ofOrphan]) await store.put(key, Readable.from([Buffer.from('a thumbnail')]), 'image/webp');

    const later = new Date(Date.now() + 3 * HOUR);
    expect(await collectOrphanObjects(store, repo, later, 2 * HOUR, ofRecorded)).toBe(0);
    expect(await collectOrphanObjects(store, repo, later, 2 * HOUR, ofOrphan)).toBe(1);
    expect(await store.stat(ofRecorded)).not.toBeNull();
    expect(await store.stat(ofOrphan)).toBeNull();
    await store.remove(ofRecorded);
  });

  it('runs as a repeatable BullMQ job of the uploads service, which operators see in Redis', async () => {
    const connection = new Redis(endpoints.REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(UPLOAD_GC_QUEUE, { connection });
    try {
      const scheduler = await queue.getJobScheduler('collect-upload-garbage');
      expect(scheduler).toMatchObject({ every: 60 * 60 * 1000 });
    } finally {
      await queue.close();
      connection.disconnect();
    }
  });
});

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Admin, Kafka } from 'kafkajs';
import type { Logger } from '../logging/logger';
import type { ObjectStore } from '../object-store/object-store';
import { archiveObjects, restoreObjects } from './object-archive';
import { archiveTopic, restoreTopic, type ArchivedPartition } from './topic-archive';

/** What a backup holds, written last as `manifest.json`: a folder without it is not a finished backup. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  topics: { name: string; partitions: ArchivedPartition[] }[];
  /** Committed offsets of the consumer groups that read the topics (the event relays): they act on each event once. */
  groups: { groupId: string; topic: string; offsets: { partition: number; offset: string }[] }[];
  objects: { objects: number; bytes: number } | null;
}

export interface BackupParts {
  kafka: Kafka;
  /** The uploads bucket; null leaves the objects out. */
  store: ObjectStore | null;
  logger: Logger;
}

/** A reader's group of one start (`<name>.<uuid>`: read models, the fan-out): what it commits is never read again. */
const OF_ONE_START = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The committed offsets of every lasting consumer group on `topics`. */
async function groupOffsets(admin: Admin, topics: readonly string[]): Promise<BackupManifest['groups']> {
  const { groups } = await admin.listGroups();
  const found: BackupManifest['groups'] = [];
  for (const { groupId } of groups.filter((g) => !OF_ONE_START.test(g.groupId))) {
    for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics: [...topics] })) {
      const offsets = partitions.filter((p) => p.offset !== '-1').map(({ partition, offset }) => ({ partition, offset }));
      if (offsets.length > 0) found.push({ groupId, topic, offsets });
    }
  }
  return found;
}

/**
 * Backs up the source of truth into `dir`: every record of `topics` (the events topics), the
 * offsets of the groups that act on them, and the uploads bucket. The system may keep running.
 */
export async function backup({ kafka, store, logger }: BackupParts, dir: string, topics: readonly string[]): Promise<BackupManifest> {
  mkdirSync(dir, { recursive: true });
  const admin = kafka.admin();
  await admin.connect();
  try {
    // Before the records: a group's offsets then never point past what the backup holds.
    const groups = await groupOffsets(admin, topics);
    const archived: BackupManifest['topics'] = [];
    for (const name of topics) {
      const partitions = (await admin.fetchTopicOffsets(name)).length;
      archived.push({ name, partitions: await archiveTopic(kafka, name, partitions, dir, logger) });
    }
    const objects = store ? await archiveObjects(store, dir) : null;
    const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), topics: archived, groups, objects };
    writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await admin.disconnect();
  }
}

export class RestoreRefused extends Error {}

async function withAdmin<T>(kafka: Kafka, work: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.disconnect();
  }
}

/**
 * Restores a backup into empty topics (`topicPrefix` + each name; created beforehand, as the
 * stack and compose create them), sets the groups' offsets to the same records, and puts the
 * objects back. The services must be stopped, with empty projections and Redis: they rebuild
 * from the restored events when they start.
 */
export async function restore(
  { kafka, store }: BackupParts,
  dir: string,
  topicPrefix = '',
): Promise<{ records: number; groups: number; objects: { objects: number; skipped: number } | null }> {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new RestoreRefused(`unknown backup format ${String(manifest.format)}`);
  const admin = kafka.admin();
  await admin.connect();
  try {
    for (const { name, partitions } of manifest.topics) {
      const target = topicPrefix + name;
      const ends = await admin.fetchTopicOffsets(target).catch(() => {
        throw new RestoreRefused(`topic ${target} does not exist: create the topics first (npm run stack:up, or compose's kafka-init)`);
      });
      if (ends.length !== partitions.length)
        throw new RestoreRefused(`topic ${target} has ${ends.length} partitions, the backup ${partitions.length}`);
      if (ends.some((p) => p.high !== '0'))
        throw new RestoreRefused(`topic ${target} is not empty: restore into a new cluster (or new, empty topics)`);
    }
    let records = 0;
    const offsets: Parameters<Admin['setOffsets']>[0][] = [];
    for (const { name, partitions } of manifest.topics) {
      const target = topicPrefix + name;
      const shifts = await restoreTopic(kafka, name, target, partitions, dir);
      const ends = new Map((await admin.fetchTopicOffsets(target)).map((p) => [p.partition, BigInt(p.high)]));
      for (const p of partitions) {
        if (ends.get(p.partition) !== BigInt(p.records))
          throw new Error(
            `${target} partition ${p.partition} has ${ends.get(p.partition)} records after the restore, the backup ${p.records}`,
          );
        records += p.records;
      }
      for (const group of manifest.groups.filter((g) => g.topic === name && !OF_ONE_START.test(g.groupId))) {
        const partitionsAt = group.offsets.map(({ partition, offset }) => ({
          partition,
          offset: String(shifts.get(partition)?.(BigInt(offset)) ?? 0n),
        }));
        offsets.push({ groupId: group.groupId, topic: target, partitions: partitionsAt });
      }
    }
    // Each joins its group for a moment (about 5 s): the groups side by side, each through an
    // admin client of its own (kafkajs's joins interfere when they share one), a group's topics
    // one after another.
    const byGroup = new Map<string, typeof offsets>();
    for (const o of offsets) byGroup.set(o.groupId, [...(byGroup.get(o.groupId) ?? []), o]);
    await Promise.all(
      [...byGroup.values()].map((ofGroup) =>
        withAdmin(kafka, async (own) => {
          for (const o of ofGroup) await own.setOffsets(o);
        }),
      ),
    );
    const objects = store && manifest.objects ? await restoreObjects(store, dir) : null;
    return { records, groups: offsets.length, objects };
  } finally {
    await admin.disconnect();
  }
}

import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Kafka } from 'kafkajs';
import { eventsTopic, REALM_ID, type RealmExportRecord, type ServiceName } from '@zulip-es/contracts';
import { REBUILD_FETCH_BYTES, TopicFollower, type FollowedMessage, type Logger, type ObjectStore } from '@zulip-es/platform';
import { ExportScope } from './export-scope';
import { TAR_END, tarFileHeader, tarPadding } from './tar';

/**
 * The services whose events an export carries, in the order the first reading needs them (see
 * ExportScope). `push.events` is left out: device tokens, push keys and notification payloads
 * (which quote direct messages) are no organization data to move.
 */
export const EXPORTED_SERVICES: readonly ServiceName[] = ['users', 'messages', 'uploads'];
export const ARCHIVE_FORMAT = 'zulip-es-events';
export const ARCHIVE_FORMAT_VERSION = 1;

export interface ArchiveDeps {
  kafka: Kafka;
  store: Pick<ObjectStore, 'put' | 'stat' | 'read' | 'list'>;
  logger: Logger;
}

export interface ArchiveWritten {
  size: number;
  sha256: string;
  events: number;
  files: number;
}

/** Per partition, the offset after its last record: what an export reads up to. */
type Ends = Map<number, bigint>;

async function endOffsets(kafka: Kafka, topic: string): Promise<Ends> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return new Map((await admin.fetchTopicOffsets(topic)).map(({ partition, high }) => [partition, BigInt(high)]));
  } finally {
    await admin.disconnect();
  }
}

/** Every record of `topic` below `ends`, partition by partition in offset order (partitions interleave). */
async function readTopic(
  deps: ArchiveDeps,
  topic: string,
  ends: Ends,
  name: string,
  each: (m: FollowedMessage) => Promise<void> | void,
): Promise<void> {
  if ([...ends.values()].every((end) => end === 0n)) return;
  const follower = new TopicFollower(
    deps.kafka,
    { name, topics: [topic], stopAtEnd: true, maxBytesPerPartition: REBUILD_FETCH_BYTES },
    async (batch) => {
      for (const m of batch) if (m.offset < (ends.get(m.partition) ?? 0n)) await each(m);
    },
    deps.logger,
  );
  await follower.start();
}

const parse = (value: Buffer): { type: string; data: unknown } | null => {
  try {
    const parsed = JSON.parse(value.toString('utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { type?: unknown }).type === 'string'
      ? (parsed as { type: string; data: unknown })
      : null;
  } catch {
    return null;
  }
};

async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

interface Entry {
  name: string;
  size: number;
  open: () => Promise<Readable>;
}

/** The tar stream of `entries`; an object whose bytes changed size since it was listed is cut or padded to its listed size. */
async function* tarOf(entries: Entry[], mtime: Date): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    yield tarFileHeader(entry.name, entry.size, mtime);
    let written = 0;
    for await (const chunk of await entry.open()) {
      const bytes = chunk as Buffer;
      const room = entry.size - written;
      if (room <= 0) continue;
      const part = bytes.length > room ? bytes.subarray(0, room) : bytes;
      written += part.length;
      yield part;
    }
    if (written < entry.size) yield Buffer.alloc(entry.size - written);
    yield tarPadding(entry.size);
  }
  yield TAR_END;
}

/**
 * Writes the export's archive to its object `record.path` (see docs/exports.md for its layout):
 * the events of every exported topic as they were when the job started, filtered by the export's
 * type, and the files of the uploads and custom emoji it may carry. Rewriting it (a retried job)
 * replaces the same object: one export never has two archives.
 */
export async function writeExportArchive(record: RealmExportRecord, deps: ArchiveDeps, now: Date): Promise<ArchiveWritten> {
  const topics = EXPORTED_SERVICES.map((s) => eventsTopic(s));
  const ends = new Map<string, Ends>();
  for (const topic of topics) ends.set(topic, await endOffsets(deps.kafka, topic));
  const scope = new ExportScope(record.exportType);
  const group = `uploads-realm-export-${record.exportId}`;
  for (const topic of topics) {
    await readTopic(deps, topic, ends.get(topic)!, group, (m) => {
      const event = parse(m.value);
      if (event) scope.observe(event);
    });
  }
  const dir = await mkdtemp(path.join(tmpdir(), `realm-export-${record.exportId}-`));
  try {
    const top = path.basename(record.path).replace(/\.tar\.gz$/u, '');
    const entries: Entry[] = [];
    const counts: Record<string, number> = {};
    let events = 0;
    for (const topic of topics) {
      const file = path.join(dir, `${topic}.jsonl`);
      const out = createWriteStream(file);
      let count = 0;
      await readTopic(deps, topic, ends.get(topic)!, group, async (m) => {
        const event = parse(m.value);
        const data = event && scope.exported(event);
        if (!event || !data) return;
        count++;
        await write(out, `${JSON.stringify({ partition: m.partition, offset: Number(m.offset), event: { ...event, data } })}\n`);
      });
      out.end();
      await once(out, 'close');
      counts[topic] = count;
      events += count;
      entries.push({ name: `${top}/events/${topic}.jsonl`, size: (await stat(file)).size, open: async () => createReadStream(file) });
    }
    const objectKeys = [...scope.files()];
    for await (const emoji of deps.store.list(`${REALM_ID}/emoji/`)) objectKeys.push(emoji.key);
    let files = 0;
    for (const key of objectKeys) {
      const object = await deps.store.stat(key);
      if (!object) continue;
      files++;
      entries.push({ name: `${top}/objects/${key}`, size: object.size, open: () => deps.store.read(key) });
    }
    const manifest = Buffer.from(
      `${JSON.stringify(
        {
          format: ARCHIVE_FORMAT,
          formatVersion: ARCHIVE_FORMAT_VERSION,
          exportId: record.exportId,
          exportType: record.exportType,
          realmId: REALM_ID,
          requestedAt: record.requestedAt,
          createdAt: now.toISOString(),
          topics: topics.map((topic) => ({
            topic,
            file: `events/${topic}.jsonl`,
            events: counts[topic],
            endOffsets: Object.fromEntries([...ends.get(topic)!].map(([p, end]) => [p, Number(end)])),
          })),
          files,
        },
        null,
        2,
      )}\n`,
    );
    entries.unshift({ name: `${top}/manifest.json`, size: manifest.length, open: async () => Readable.from([manifest]) });

    const hash = createHash('sha256');
    let size = 0;
    const measured = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const body = new PassThrough();
    const piped = pipeline(Readable.from(tarOf(entries, now)), createGzip(), measured, body);
    const storing = deps.store.put(record.path, body, 'application/gzip').catch((error: unknown) => {
      body.destroy(error as Error);
      throw error;
    });
    const [, stored] = await Promise.all([piped, storing]);
    deps.logger.info({ exportId: record.exportId, bytes: stored, events, files }, 'organization export written');
    return { size, sha256: hash.digest('hex'), events, files };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

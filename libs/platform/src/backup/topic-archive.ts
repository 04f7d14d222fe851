import { createGunzip, createGzip } from 'node:zlib';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Kafka } from 'kafkajs';
import { DURABLE_PRODUCER } from '../kafka/kafka-client';
import { REBUILD_FETCH_BYTES, TopicFollower } from '../kafka/topic-follower';
import type { Logger } from '../logging/logger';

/** One record in an archive: its offset in the source, key, value (the event's JSON) and headers. */
export interface ArchivedRecord {
  o: string;
  k: string | null;
  v: string;
  h?: Record<string, string>;
}

/** What an archive holds of one partition. */
export interface ArchivedPartition {
  partition: number;
  records: number;
  /** The source offsets of its first record and of the one after its last (so, its end then). */
  firstOffset: string | null;
  endOffset: string | null;
}

const partitionFile = (dir: string, topic: string, partition: number) => path.join(dir, 'kafka', topic, `partition-${partition}.ndjson.gz`);

/** Writes one partition's file of an archive, record after record, in offset order. */
function partitionWriter(dir: string, topic: string, partition: number) {
  mkdirSync(path.join(dir, 'kafka', topic), { recursive: true });
  const gzip = createGzip();
  const done = new Promise<void>((resolve, reject) => {
    gzip
      .pipe(createWriteStream(partitionFile(dir, topic, partition)))
      .on('finish', resolve)
      .on('error', reject);
  });
  const summary: ArchivedPartition = { partition, records: 0, firstOffset: null, endOffset: null };
  return {
    async write(record: ArchivedRecord): Promise<void> {
      if (!gzip.write(`${JSON.stringify(record)}\n`)) await once(gzip, 'drain');
      summary.records++;
      summary.firstOffset ??= record.o;
      summary.endOffset = String(BigInt(record.o) + 1n);
    },
    async end(): Promise<ArchivedPartition> {
      gzip.end();
      await done;
      return summary;
    },
  };
}

/**
 * Writes every record of `topic`, up to its end as read when the archive starts, to one gzipped
 * JSON-lines file per partition, in offset order. Records appended meanwhile may be in it too:
 * each partition is a prefix of the topic's, and each command's events are in one partition.
 */
export async function archiveTopic(
  kafka: Kafka,
  topic: string,
  partitions: number,
  dir: string,
  logger: Logger,
): Promise<ArchivedPartition[]> {
  const writers = Array.from({ length: partitions }, (_, partition) => partitionWriter(dir, topic, partition));
  const follower = new TopicFollower(
    kafka,
    { name: `backup-${topic}`, topics: [topic], stopAtEnd: true, maxBytesPerPartition: REBUILD_FETCH_BYTES },
    async (batch) => {
      for (const record of batch) {
        await writers[record.partition]!.write({
          o: String(record.offset),
          k: record.key,
          v: record.value.toString('utf8'),
          ...(record.headers ? { h: record.headers } : {}),
        });
      }
    },
    logger,
  );
  await follower.start();
  return Promise.all(writers.map((w) => w.end()));
}

/** The records of one archived partition, in order. */
export async function* archivedRecords(dir: string, topic: string, partition: number): AsyncGenerator<ArchivedRecord> {
  const lines = createInterface({
    input: createReadStream(partitionFile(dir, topic, partition)).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  for await (const line of lines) if (line) yield JSON.parse(line) as ArchivedRecord;
}

/**
 * Writes one partition of an archive from `records` (in order), as `archiveTopic` does; resolves
 * to its summary. For tools that rewrite an archive into another.
 */
export async function writeArchivedPartition(
  dir: string,
  topic: string,
  partition: number,
  records: AsyncIterable<ArchivedRecord> | Iterable<ArchivedRecord>,
): Promise<ArchivedPartition> {
  const writer = partitionWriter(dir, topic, partition);
  for await (const record of records) await writer.write(record);
  return writer.end();
}

const BATCH = 500;

/**
 * Appends an archive's records to `target`, each to the partition it came from, in order (an
 * idempotent producer, one batch at a time, so a retry neither reorders nor doubles one).
 * Resolves, per partition, to where each source offset landed: the restored offsets of a topic
 * whose archive began at offset 0 are the source's own.
 */
export async function restoreTopic(
  kafka: Kafka,
  topic: string,
  target: string,
  partitions: readonly ArchivedPartition[],
  dir: string,
): Promise<Map<number, (sourceOffset: bigint) => bigint>> {
  const producer = kafka.producer(DURABLE_PRODUCER);
  await producer.connect();
  const shifts = new Map<number, (sourceOffset: bigint) => bigint>();
  try {
    for (const { partition, firstOffset } of partitions) {
      let batch: ArchivedRecord[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await producer.send({
          topic: target,
          acks: -1,
          messages: batch.map((r) => ({ partition, key: r.k, value: r.v, headers: r.h })),
        });
        batch = [];
      };
      for await (const record of archivedRecords(dir, topic, partition)) {
        batch.push(record);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      const first = firstOffset === null ? 0n : BigInt(firstOffset);
      shifts.set(partition, (offset) => (offset > first ? offset - first : 0n));
    }
  } finally {
    await producer.disconnect();
  }
  return shifts;
}

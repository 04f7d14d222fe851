import type { EventsBench } from '../event-delivery';
import type { FlagsBench } from '../message-flags';
import type { MarkdownRow } from '../markdown-rendering';
import type { PushBench } from '../push-delivery';
import type { TusMemory } from '../tus-memory';
import type { SmallUploadOverhead, UploadThroughputRow } from '../upload-throughput';
import type { Measurement } from '../lib/stats';

/** Which PERFORMANCE.md target a row is held to. */
/** `floor`: a baseline shown beside another (its ratio to it), what a route doing the same work could reach at best. */
export type Check = 'raw-kafka' | 'kafka-hop' | 'no-kafka' | 'baseline' | 'floor';

export interface ResultRow {
  name: string;
  concurrency: number;
  measured: Measurement & { statuses?: string };
  /** The floor measured in the same run at the same concurrency. */
  baseline?: Measurement;
  check: Check;
}

export interface MemoryRow {
  service: string;
  pid?: number;
  idleMb: number;
  /** Share of one core used while idle (Kafka consumers poll even with nothing to fetch). */
  idleCpuPercent: number;
  afterLoadMb: number;
}

export interface RebuildRow {
  topic: string;
  events: number;
  rawPerSecond: number;
  rebuildPerSecond: number;
  /** Documents the rebuilt projection holds. */
  documents: number;
  /** Events per second of a rebuild that did nothing but insert those documents in bulk. */
  storeFloorPerSecond: number;
  /** Seconds `npm run rebuild -- <service>` took from its start to its exit. */
  rebuildWallSeconds?: number;
}

export interface TopicDeletionRow {
  messages: number;
  seedSeconds: number;
  /** The rebuild that projected the filled topic: seconds of `npm run rebuild -- messages`, events it replayed. */
  fillRebuild?: { seconds: number; events: number };
  deletionSeconds: number;
  deletionPerSecond: number;
  rawPerSecond: number;
}

export interface BenchResults {
  rows: ResultRow[];
  memory: MemoryRow[];
  rebuild?: RebuildRow;
  /** The messages projection rebuilt, against a raw consume of messages.events. */
  messagesRebuild?: RebuildRow;
  topicDeletion?: TopicDeletionRow;
  uploads?: UploadThroughputRow[];
  /** 1 KiB uploads: their time over a direct putObject, against the GET /users/me round trip. */
  smallUpload?: SmallUploadOverhead;
  tusMemory?: TusMemory;
  /** E11 registrations and notification fan-out, against the push bouncer asked straight away. */
  push?: PushBench;
  /** Event delivery to long-polls and the gateway's memory holding them. */
  events?: EventsBench;
  /** Sends to many subscribers, register with many unread messages, marking many read. */
  flags?: FlagsBench;
  markdown?: MarkdownRow[];
  /** How the data the rows read was set up, and what that cost. */
  notes?: string[];
}

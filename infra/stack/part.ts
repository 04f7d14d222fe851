/** What the stack knows about each of its servers. */
import type { PartName } from './paths';
import type { Launch } from './processes';
import type { Say } from './util';

export interface Part {
  name: PartName;
  /** What it is, for status lines: "Kafka 3.9.1 (KRaft)". */
  description: string;
  /** Where clients reach it: "127.0.0.1:19092". */
  address: string;
  /** Ports it binds, which must be free before it starts. */
  ports: { host: string; port: number }[];
  /** A substring of its command line, to tell our process from an unrelated one with a reused pid. */
  commandLineMatch: string;
  /** How long it may take from start to healthy. */
  startTimeoutMs: number;
  /** Makes sure the binaries exist (download/build once per machine); prints one line. */
  provision(say: Say): Promise<void>;
  /** Writes its configuration, prepares its data directory; returns how to run it. */
  prepare(say: Say): Promise<Launch>;
  /** One health probe; resolves to a short detail, throws when unhealthy. */
  health(): Promise<string>;
  /** Runs once it is healthy (topics, bucket): idempotent; resolves to a line to print. */
  afterHealthy?(): Promise<string | undefined>;
  /** An extra detail for `status` (e.g. how many topics exist). */
  statusDetail?(): Promise<string>;
}

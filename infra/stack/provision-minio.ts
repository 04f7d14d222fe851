/**
 * MinIO (S3-compatible object store), built from source once per machine. MinIO publishes source
 * only as pseudo-versions of github.com/minio/minio; this is the one pinned for the stack.
 */
import { ensureGoBinary, type GoProgram } from './provision-go';
import type { Say } from './util';

const COMMIT_TIME = '2026-02-12T20:18:48Z';
const COMMIT = '7aac2a2c5b7c';
export const MINIO_VERSION = `v0.0.0-20260212201848-${COMMIT}`;

const X = (name: string, value: string): string => `-X github.com/minio/minio/cmd.${name}=${value}`;

export const MINIO: GoProgram = {
  label: 'minio',
  module: 'github.com/minio/minio',
  version: MINIO_VERSION,
  pkg: '.',
  binary: 'minio',
  cacheKey: 'minio-20260212',
  estimate: '~3-5 min',
  ldflags: [
    '-s -w',
    X('Version', COMMIT_TIME),
    X('ReleaseTag', `DEVELOPMENT.${COMMIT_TIME.replace(/:/g, '-')}`),
    X('CommitID', COMMIT),
    X('ShortCommitID', COMMIT),
  ].join(' '),
};

export const ensureMinio = (say: Say): Promise<string> => ensureGoBinary(MINIO, say);

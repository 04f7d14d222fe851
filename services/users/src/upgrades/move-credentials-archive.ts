import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CREDENTIALS_TOPIC, eventsTopic, SERVICE_PARTITIONS } from '@zulip-es/contracts';
import { archivedRecords, writeArchivedPartition, type ArchivedRecord, type BackupManifest } from '@zulip-es/platform';
import { credentialsPartition, credentialsRecord, moveCredentials, type MovedRecord } from './move-credentials';

const USERS_EVENTS = eventsTopic('users');

export class MoveRefused extends Error {}

/**
 * Writes into `to` the backup in `from` with the sign-in material of `user.created.v1` moved from
 * `users.events` to `users.credentials` (see moveCredentials). Every other record, the groups'
 * offsets and the uploads are copied as they are: `users.events` keeps its offsets, so restoring
 * `to` (`npm run restore`) gives the same system without secrets on the public topic.
 */
export async function moveCredentialsInArchive(from: string, to: string): Promise<{ moved: number; records: number }> {
  if (!existsSync(path.join(from, 'manifest.json'))) throw new MoveRefused(`${from} holds no finished backup (no manifest.json)`);
  if (existsSync(to) && readdirSync(to).length > 0) throw new MoveRefused(`${to} is not empty`);
  const manifest = JSON.parse(readFileSync(path.join(from, 'manifest.json'), 'utf8')) as BackupManifest;
  const moved: NonNullable<MovedRecord['credentials']>[] = [];
  const topics: BackupManifest['topics'] = [];
  let records = 0;
  for (const { name, partitions } of manifest.topics.filter((t) => t.name !== CREDENTIALS_TOPIC)) {
    const rewritten = [];
    for (const { partition } of partitions) {
      const rewrite = async function* (): AsyncGenerator<ArchivedRecord> {
        for await (const record of archivedRecords(from, name, partition)) {
          records++;
          if (name !== USERS_EVENTS) {
            yield record;
            continue;
          }
          const result = moveCredentials(record);
          if (result.credentials) moved.push(result.credentials);
          yield result.record;
        }
      };
      rewritten.push(await writeArchivedPartition(to, name, partition, rewrite()));
    }
    topics.push({ name, partitions: rewritten });
  }
  topics.push({ name: CREDENTIALS_TOPIC, partitions: await withMovedCredentials(from, to, manifest, moved) });
  for (const entry of readdirSync(from).filter((e) => e !== 'kafka' && e !== 'manifest.json'))
    cpSync(path.join(from, entry), path.join(to, entry), { recursive: true });
  writeFileSync(path.join(to, 'manifest.json'), `${JSON.stringify({ ...manifest, topics }, null, 2)}\n`);
  return { moved: moved.length, records };
}

/** `users.credentials` of the backup (if it has the topic), each partition followed by the moved credentials whose key it holds. */
async function withMovedCredentials(
  from: string,
  to: string,
  manifest: BackupManifest,
  moved: NonNullable<MovedRecord['credentials']>[],
): Promise<BackupManifest['topics'][number]['partitions']> {
  const archived = manifest.topics.find((t) => t.name === CREDENTIALS_TOPIC)?.partitions;
  const count = archived?.length ?? SERVICE_PARTITIONS;
  const written = [];
  for (let partition = 0; partition < count; partition++) {
    const kept = archived?.[partition];
    const records = async function* (): AsyncGenerator<ArchivedRecord> {
      if (kept) yield* archivedRecords(from, CREDENTIALS_TOPIC, partition);
      let offset = BigInt(kept?.endOffset ?? '0');
      for (const credentials of moved) {
        const record = credentialsRecord(credentials, offset);
        if (credentialsPartition(record.k!, count) !== partition) continue;
        yield record;
        offset++;
      }
    };
    written.push(await writeArchivedPartition(to, CREDENTIALS_TOPIC, partition, records()));
  }
  return written;
}

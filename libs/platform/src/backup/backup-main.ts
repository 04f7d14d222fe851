/**
 * The operator's backup and restore of the source of truth (docs/operations.md):
 *
 *   node libs/platform/dist/backup/backup-main.js backup <dir>     (npm run backup -- <dir>)
 *   node libs/platform/dist/backup/backup-main.js restore <dir>    (npm run restore -- <dir>)
 *
 * Kafka and the object store from the same variables as the services (KAFKA_BROKERS, S3_*).
 * RESTORE_TOPIC_PREFIX restores into other topics (a trial restore beside the live ones).
 */
import path from 'node:path';
import { ALL_SERVICE_TOPICS } from '@zulip-es/contracts';
import { loadConfig } from '../config/load-config';
import { StackEndpointsSchema } from '../config/stack-endpoints';
import { createKafka } from '../kafka/kafka-client';
import { createLogger } from '../logging/logger';
import { ObjectStore } from '../object-store/object-store';
import { runMain } from '../runtime/run-main';
import { backup, restore, RestoreRefused } from './backup';

/**
 * The topics kept forever, the source of truth: the events, and the credentials (each user's
 * latest). Commands and replies are transient.
 */
const SOURCE_OF_TRUTH = ALL_SERVICE_TOPICS.filter((t) => typeof t.retention === 'string').map((t) => t.name);

runMain(async () => {
  const [action, dir] = process.argv.slice(2);
  if ((action !== 'backup' && action !== 'restore') || !dir) {
    console.error('usage: backup-main.js backup|restore <dir>');
    process.exit(2);
  }
  const config = loadConfig(StackEndpointsSchema);
  const logger = createLogger(action, process.env.LOG_LEVEL ?? 'warn');
  const parts = { kafka: createKafka(action, config, logger), store: new ObjectStore(config), logger };
  const at = path.resolve(dir);
  const began = Date.now();
  if (action === 'backup') {
    const manifest = await backup(parts, at, SOURCE_OF_TRUTH);
    const records = manifest.topics.reduce((sum, t) => sum + t.partitions.reduce((s, p) => s + p.records, 0), 0);
    console.log(
      `backup: ${records} records of ${manifest.topics.length} topics, ${manifest.groups.length} group offsets, ` +
        `${manifest.objects?.objects ?? 0} objects (${manifest.objects?.bytes ?? 0} bytes) in ${at}, ${Date.now() - began} ms`,
    );
  } else {
    try {
      const restored = await restore(parts, at, process.env.RESTORE_TOPIC_PREFIX ?? '');
      console.log(
        `restore: ${restored.records} records, ${restored.groups} group offsets, ${restored.objects?.objects ?? 0} objects ` +
          `(${restored.objects?.skipped ?? 0} already there) from ${at}, ${Date.now() - began} ms`,
      );
    } catch (error) {
      if (!(error instanceof RestoreRefused)) throw error;
      console.error(`restore refused: ${error.message}`);
      process.exit(1);
    }
  }
  process.exit(0);
});

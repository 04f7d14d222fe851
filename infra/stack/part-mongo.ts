/**
 * The MongoDB-compatible store: `mongod` when chosen (or found on PATH with MONGO_BACKEND=auto),
 * else FerretDB 1.x on SQLite files in <data>/mongo. A marker file remembers which backend made
 * the data directory, so switching backends does not point one at the other's files.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { MongoBackend, StackConfig } from './config';
import { mongoHealth } from './health';
import type { Part } from './part';
import { partDir } from './paths';
import { goBinaryPath } from './provision-go';
import { ensureFerretDb, FERRETDB, FERRETDB_VERSION } from './provision-ferretdb';
import { onPath } from './config';

export function mongoPart(config: StackConfig): Part {
  const { host, port, backend } = config.mongo;
  const dir = partDir('mongo');
  const isMongod = backend === 'mongod';
  return {
    name: 'mongo',
    description: isMongod ? 'MongoDB (mongod)' : `FerretDB ${FERRETDB_VERSION} on SQLite`,
    address: `${host}:${port}`,
    ports: [{ host, port }],
    commandLineMatch: isMongod ? 'mongod' : 'ferretdb',
    startTimeoutMs: 30_000,
    provision: async (say) => {
      if (backend === 'ferretdb-postgres') {
        throw new Error('mongo: MONGO_BACKEND=ferretdb-postgres is not supported yet; use auto, mongod or ferretdb-sqlite');
      }
      if (isMongod) {
        if (!onPath('mongod')) throw new Error('mongo: MONGO_BACKEND=mongod but there is no mongod on PATH');
        say('mongo: using mongod from PATH');
      } else {
        await ensureFerretDb(say);
      }
    },
    prepare: async () => {
      fs.mkdirSync(dir, { recursive: true });
      claimDataDir(dir, backend);
      if (isMongod) {
        return {
          command: 'mongod',
          args: ['--bind_ip', host, '--port', String(port), '--dbpath', dir, '--wiredTigerCacheSizeGB', '1'],
          cwd: dir,
        };
      }
      const stateDir = path.join(dir, 'state');
      fs.mkdirSync(stateDir, { recursive: true });
      return {
        command: goBinaryPath(FERRETDB),
        args: [
          '--handler=sqlite',
          // WAL commits without an fsync each (0.9 → 0.55 ms a write): a power loss may drop the
          // last commits, never corrupt, and everything this store holds is derived from the Kafka
          // events (projections, outcomes, checkpoints written last), so catch-up restores it.
          `--sqlite-url=file:${dir}/?_pragma=synchronous(normal)`,
          `--listen-addr=${host}:${port}`,
          `--state-dir=${stateDir}`,
          '--debug-addr=-',
          '--telemetry=disable',
          // At "warn" it logs a full message dump each time a client disconnects (the driver's
          // endSessions is not implemented by FerretDB 1.x), so only errors.
          '--log-level=error',
        ],
        cwd: dir,
      };
    },
    health: () => mongoHealth(config.endpoints.MONGO_URL),
  };
}

function claimDataDir(dir: string, backend: MongoBackend): void {
  const marker = path.join(dir, '.backend');
  const previous = fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8').trim() : undefined;
  if (previous && previous !== backend) {
    throw new Error(
      `mongo: ${dir} holds data of MONGO_BACKEND=${previous}, not ${backend}. ` +
        `Use MONGO_BACKEND=${previous}, or remove ${dir} (its data is lost) to switch.`,
    );
  }
  if (!previous) fs.writeFileSync(marker, `${backend}\n`);
}

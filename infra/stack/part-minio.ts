/** MinIO: the S3-compatible store for uploads. Single drive, browser console off. */
import * as fs from 'node:fs';
import type { StackConfig } from './config';
import { minioHealth } from './health';
import type { Part } from './part';
import { partDir } from './paths';
import { ensureMinio, MINIO } from './provision-minio';
import { goBinaryPath } from './provision-go';
import { ensureBucket } from './s3';
import { retryUntil } from './util';

export function minioPart(config: StackConfig): Part {
  const { host, port, consolePort } = config.minio;
  const e = config.endpoints;
  const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // The web console (on S3_PORT + 1) only when asked for: MINIO_BROWSER=on.
  const browser = process.env.MINIO_BROWSER === 'on' ? 'on' : 'off';
  return {
    name: 'minio',
    description: `MinIO ${MINIO.version}${browser === 'on' ? `, console on ${host}:${consolePort}` : ''}`,
    address: `${host}:${port}`,
    ports:
      browser === 'on'
        ? [
            { host, port },
            { host, port: consolePort },
          ]
        : [{ host, port }],
    commandLineMatch: 'minio',
    startTimeoutMs: 30_000,
    provision: async (say) => void (await ensureMinio(say)),
    prepare: async () => {
      const dir = partDir('minio');
      fs.mkdirSync(dir, { recursive: true });
      return {
        command: goBinaryPath(MINIO),
        args: ['server', dir, '--address', `${host}:${port}`, '--console-address', `${host}:${consolePort}`, '--quiet'],
        cwd: dir,
        env: {
          MINIO_ROOT_USER: e.S3_ACCESS_KEY,
          MINIO_ROOT_PASSWORD: e.S3_SECRET_KEY,
          MINIO_SITE_REGION: e.S3_REGION,
          MINIO_BROWSER: browser,
          MINIO_UPDATE: 'off',
          MINIO_CALLHOME_ENABLE: 'off',
        },
      };
    },
    health: () => minioHealth(baseUrl),
    afterHealthy: async () => {
      const target = { baseUrl, region: e.S3_REGION, accessKey: e.S3_ACCESS_KEY, secretKey: e.S3_SECRET_KEY };
      // Live is not yet ready: right after a first start, S3 calls may answer 503 for a moment.
      const created = await retryUntil(() => ensureBucket(target, e.S3_BUCKET), { timeoutMs: 20_000, intervalMs: 250 });
      return `minio: bucket ${e.S3_BUCKET} ${created ? 'created' : 'exists'}`;
    },
  };
}

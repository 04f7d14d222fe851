import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { HealthProbes, SERVICE_CONFIG, type ObjectStoreConfig } from '@zulip-es/platform';
import type { UploadsConfig } from './config';
import { UPLOAD_GC_QUEUE } from './garbage-collection/upload-gc';

const STORE_ANSWER_MS = 2_000;

/**
 * Whether the bucket's store answers HTTP: any status will do, as the request carries no
 * credentials. Not through the S3 client, whose module costs an idle service about 10 MB of
 * memory until it stores or reads a file; and not depending on the bucket, as a service
 * configured with a missing one starts and fails only the work that needs it.
 */
export function storeAnswers(config: Pick<ObjectStoreConfig, 'S3_ENDPOINT' | 'S3_PORT' | 'S3_USE_SSL' | 'S3_BUCKET'>): Promise<void> {
  const request = config.S3_USE_SSL ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: config.S3_ENDPOINT, port: config.S3_PORT, method: 'HEAD', path: `/${config.S3_BUCKET}`, timeout: STORE_ANSWER_MS },
      (res) => {
        res.resume();
        resolve();
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${STORE_ANSWER_MS} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/** The uploads service's own dependencies in its health answer: Redis, where its jobs are queued, and the bucket's store. */
@Injectable()
export class UploadsProbes implements OnModuleInit {
  constructor(
    private readonly probes: HealthProbes,
    @InjectQueue(UPLOAD_GC_QUEUE) private readonly queue: Queue,
    @Inject(SERVICE_CONFIG) private readonly config: UploadsConfig,
  ) {}

  onModuleInit(): void {
    this.probes.add('redis', () => this.queue.getMeta());
    this.probes.add('minio', () => storeAnswers(this.config));
  }
}

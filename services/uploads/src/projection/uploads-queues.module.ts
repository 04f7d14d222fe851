import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@zulip-es/platform';
import type { UploadsConfig } from '../config';
import { UPLOAD_GC_QUEUE } from '../garbage-collection/upload-gc';
import { REALM_EXPORT_QUEUE } from '../realm-exports/realm-export.queue';

const queues = BullModule.registerQueue({ name: UPLOAD_GC_QUEUE }, { name: REALM_EXPORT_QUEUE });

/**
 * The uploads service's BullMQ queues in the stack's Redis: upload garbage collection and
 * organization exports. BullMQ opens each queue's and worker's connections from `REDIS_URL`
 * and closes them with them; no retry limit per request, as its workers require.
 */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [SERVICE_CONFIG],
      useFactory: (config: UploadsConfig) => ({ connection: { url: config.REDIS_URL, maxRetriesPerRequest: null } }),
    }),
    queues,
  ],
  exports: [queues],
})
export class UploadsQueuesModule {}

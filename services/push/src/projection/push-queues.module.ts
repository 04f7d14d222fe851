import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@zulip-es/platform';
import type { PushConfig } from '../config';
import { NOTIFICATION_QUEUE } from '../notifications/notification-jobs';
import { REGISTRATION_QUEUE } from '../registration/registration-jobs';

const queues = BullModule.registerQueue({ name: REGISTRATION_QUEUE }, { name: NOTIFICATION_QUEUE });

/**
 * The push service's BullMQ queues in the stack's Redis: registrations and notifications. BullMQ
 * opens each queue's and worker's connections from `REDIS_URL` and closes them with them; no
 * retry limit per request, as its workers require.
 */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [SERVICE_CONFIG],
      useFactory: (config: PushConfig) => ({ connection: { url: config.REDIS_URL, maxRetriesPerRequest: null } }),
    }),
    queues,
  ],
  exports: [queues],
})
export class PushQueuesModule {}

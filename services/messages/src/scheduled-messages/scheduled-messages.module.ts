import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MessagesProjectionModule } from '../projection/messages-projection.module';
import { DeliverHandler } from './delivery/deliver.handler';
import { SCHEDULED_DELIVERY_QUEUE, ScheduledDeliveryProcessor } from './delivery/scheduled-delivery';
import { ScheduledMessagesHandler } from './scheduled-messages.handlers';

/** Scheduled messages and reminders: their requests, and their delivery at their time by a BullMQ job. */
@Module({
  imports: [MessagesProjectionModule, BullModule.registerQueue({ name: SCHEDULED_DELIVERY_QUEUE })],
  controllers: [ScheduledMessagesHandler, DeliverHandler],
  providers: [ScheduledDeliveryProcessor],
})
export class ScheduledMessagesModule {}

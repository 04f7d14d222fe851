import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MessagesProjectionModule } from '../../projection/messages-projection.module';
import { DeleteTopicBatchHandler } from './delete-topic-batch.handler';
import { DeleteTopicHandler } from './delete-topic.handler';
import { TOPIC_DELETION_QUEUE } from './topic-deletion.job';
import { TopicDeletionProcessor } from './topic-deletion.processor';
import { TopicDeletionQueue } from './topic-deletion.queue';

/** Topic deletion (see README.md): the request, its BullMQ job and worker, and the batch commands the worker sends. */
@Module({
  imports: [MessagesProjectionModule, BullModule.registerQueue({ name: TOPIC_DELETION_QUEUE })],
  controllers: [DeleteTopicHandler, DeleteTopicBatchHandler],
  providers: [TopicDeletionQueue, TopicDeletionProcessor],
})
export class TopicDeletionModule {}

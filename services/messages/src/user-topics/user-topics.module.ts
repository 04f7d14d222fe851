import { Module } from '@nestjs/common';
import { MessagesProjectionModule } from '../projection/messages-projection.module';
import { UpdateMutedTopicHandler } from './update-muted-topic/update-muted-topic.handler';
import { UpdateUserTopicHandler } from './update-user-topic/update-user-topic.handler';

/** Each user's visibility policies of topics (muted, unmuted, followed). */
@Module({
  imports: [MessagesProjectionModule],
  controllers: [UpdateUserTopicHandler, UpdateMutedTopicHandler],
})
export class UserTopicsModule {}

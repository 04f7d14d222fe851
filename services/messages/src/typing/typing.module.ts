import { Module } from '@nestjs/common';
import { EventQueues } from '@zulip-es/event-queues';
import { MessagesProjectionModule } from '../projection/messages-projection.module';
import { MessagesRedis } from '../projection/messages-redis';
import { SetEditTypingStatusHandler } from './set-edit-typing-status.handler';
import { SetTypingStatusHandler } from './set-typing-status.handler';

/** Typing notifications: checked here, told to the recipients' event queues at once, recorded nowhere. */
@Module({
  imports: [MessagesProjectionModule],
  controllers: [SetTypingStatusHandler, SetEditTypingStatusHandler],
  providers: [{ provide: EventQueues, inject: [MessagesRedis], useFactory: (redis: MessagesRedis) => new EventQueues(redis.client) }],
})
export class TypingModule {}

import { Module } from '@nestjs/common';
import { PushProjectionModule } from '../projection/push-projection.module';
import { NotificationProcessor } from './notification.processor';
import { NotifyMessageHandler } from './notify-message/notify-message.handler';
import { SendE2eeTestHandler } from './send-test/send-e2ee-test.handler';
import { SendTestHandler } from './send-test/send-test.handler';

/** Push notifications: of sent messages, and the test notifications users ask for. */
@Module({
  imports: [PushProjectionModule],
  controllers: [NotifyMessageHandler, SendTestHandler, SendE2eeTestHandler],
  providers: [NotificationProcessor],
})
export class NotificationsModule {}

import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { PlatformModule, SERVICE_CONFIG, ServiceRuntimeModule, type DomainServiceEntry } from '@zulip-es/platform';
import { AlertWordsModule } from './alert-words/alert-words.module';
import { AttachmentsModule } from './attachments/attachments.module';
import { ChannelsModule } from './channels/channels.module';
import { MessagesConfigSchema, type MessagesConfig } from './config';
import { DraftsModule } from './drafts/drafts.module';
import { FlagsModule } from './flags/flags.module';
import { ConversationsModule } from './messages/conversations.module';
import { TopicDeletionModule } from './messages/delete-topic/topic-deletion.module';
import { MutedUsersModule } from './muted-users/muted-users.module';
import { MessagesProjectionModule } from './projection/messages-projection.module';
import { MESSAGES_PROJECTION_VERSION } from './projection/messages.projection';
import { RegisterModule } from './register/register.module';
import { ScheduledMessagesModule } from './scheduled-messages/scheduled-messages.module';
import { TypingModule } from './typing/typing.module';
import { UserTopicsModule } from './user-topics/user-topics.module';
import { UsersEventsRelays } from './users-events-relays';

export const MESSAGES: DomainServiceEntry = { service: 'messages', port: (config) => (config as MessagesConfig).MESSAGES_PORT };

const platform = PlatformModule.forRoot({
  service: MESSAGES.service,
  configSchema: MessagesConfigSchema,
  projectionVersion: MESSAGES_PROJECTION_VERSION,
});

/**
 * Owns channels and subscriptions, messages and topics, and each user's drafts, flags, topic
 * policies, muted users, alert words, scheduled messages and reminders.
 */
@Module({
  imports: [
    platform,
    ServiceRuntimeModule.forRoot({ projection: MessagesProjectionModule }),
    // The BullMQ queues' and workers' own connections (no retry limit per request, as workers require).
    BullModule.forRootAsync({
      inject: [SERVICE_CONFIG],
      useFactory: (config: MessagesConfig) => ({ connection: { url: config.REDIS_URL, maxRetriesPerRequest: null } }),
    }),
    MessagesProjectionModule,
    RegisterModule,
    ChannelsModule,
    ConversationsModule,
    TopicDeletionModule,
    DraftsModule,
    FlagsModule,
    UserTopicsModule,
    MutedUsersModule,
    AlertWordsModule,
    ScheduledMessagesModule,
    TypingModule,
    AttachmentsModule,
  ],
  providers: [UsersEventsRelays],
})
export class MessagesModule {}

/** The projection alone, for the operator's rebuild and quarantine commands. */
@Module({ imports: [platform, MessagesProjectionModule] })
export class MessagesProjectionRootModule {}

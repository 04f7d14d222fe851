import { Module } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { PROJECTION_DOCUMENTS, PROJECTION, PROJECTION_ON, READ_MODELS, SERVICE_CONFIG, type GroupDocuments } from '@zulip-es/platform';
import { AlertWordsReadModel } from '../alert-words/alert-words-read-model';
import { AttachmentsReadModel } from '../attachments/attachments-read-model';
import type { MessagesConfig } from '../config';
import { MarkdownReadModel } from '../rendering/markdown-read-model';
import { MESSAGES_DEPS, type MessagesDeps } from '../shared/messages-deps';
import { UsersReadModel } from '../users-read-model/users-read-model';
import { MessagesProjection } from './messages.projection';
import { MessagesRedis } from './messages-redis';
import { MessagesRepository } from './messages.repository';

/**
 * The messages service's state: its projection of `messages.events` (channels, subscriptions,
 * messages, drafts, flags, user topics), its copies of the users, markdown, attachments and
 * alert words, its Redis, and what its handlers work with (`MESSAGES_DEPS`).
 */
@Module({
  providers: [
    MessagesRedis,
    { provide: MessagesRepository, inject: [PROJECTION_DOCUMENTS], useFactory: (db: GroupDocuments) => new MessagesRepository(db) },
    { provide: UsersReadModel, useFactory: () => new UsersReadModel() },
    { provide: MarkdownReadModel, useFactory: () => new MarkdownReadModel() },
    { provide: AttachmentsReadModel, useFactory: () => new AttachmentsReadModel() },
    { provide: AlertWordsReadModel, useFactory: () => new AlertWordsReadModel() },
    { provide: PROJECTION, inject: [MessagesRepository], useFactory: (repo: MessagesRepository) => new MessagesProjection(repo) },
    // A rebuild writes through a write-behind buffer (every write of the projection is by `_id`).
    { provide: PROJECTION_ON, useValue: (other: Connection) => new MessagesProjection(new MessagesRepository(other)) },
    {
      provide: READ_MODELS,
      inject: [UsersReadModel, MarkdownReadModel, AttachmentsReadModel, AlertWordsReadModel],
      useFactory: (
        users: UsersReadModel,
        markdown: MarkdownReadModel,
        attachments: AttachmentsReadModel,
        alertWords: AlertWordsReadModel,
      ) => [users, markdown, attachments, alertWords],
    },
    {
      provide: MESSAGES_DEPS,
      inject: [SERVICE_CONFIG, MessagesRepository, UsersReadModel, MarkdownReadModel, AttachmentsReadModel, AlertWordsReadModel],
      useFactory: (
        config: MessagesConfig,
        repo: MessagesRepository,
        users: UsersReadModel,
        markdown: MarkdownReadModel,
        attachments: AttachmentsReadModel,
        alertWords: AlertWordsReadModel,
      ): MessagesDeps => ({ repo, users, markdown, attachments, alertWords, wildcardMentionThreshold: config.WILDCARD_MENTION_THRESHOLD }),
    },
  ],
  exports: [PROJECTION, PROJECTION_ON, READ_MODELS, MESSAGES_DEPS, MessagesRedis],
})
export class MessagesProjectionModule {}

import { Redis } from 'ioredis';
import { EventQueues } from '@zulip-es/event-queues';
import type { DomainServiceOptions } from '@zulip-es/platform';
import { MessagesConfigSchema } from './config';
import { startTopicDeletion } from './messages/delete-topic/topic-deletion';
import { startScheduledDelivery } from './scheduled-messages/delivery/scheduled-delivery';
import { TopicDeletionQueue } from './messages/delete-topic/topic-deletion.queue';
import { messagesHandlers } from './messages.handlers';
import { MessagesProjection } from './projection/messages.projection';
import { MessagesRepository } from './projection/messages.repository';
import { startUsersEventsRelays } from './users-events-relays';
import { UsersReadModel } from './users-read-model/users-read-model';
import { AttachmentsReadModel } from './attachments/attachments-read-model';
import { AlertWordsReadModel } from './alert-words/alert-words-read-model';
import { MarkdownReadModel } from './rendering/markdown-read-model';

/** The queue side of topic deletion jobs of this process (assembled once; closed with the background work). */
let topicDeletion: TopicDeletionQueue | undefined;
/** Redis for the clients' event queues (typing notifications), connected on the first one. */
let queuesRedis: Redis | undefined;

/** Owns channels and subscriptions (messages, topics and drafts follow). */
export const messagesService: DomainServiceOptions<typeof MessagesConfigSchema> = {
  service: 'messages',
  configSchema: MessagesConfigSchema,
  port: (config) => config.MESSAGES_PORT,
  assemble: (db, config) => {
    const repo = new MessagesRepository(db);
    const users = new UsersReadModel();
    const attachments = new AttachmentsReadModel();
    const alertWords = new AlertWordsReadModel();
    const markdown = new MarkdownReadModel();
    topicDeletion = new TopicDeletionQueue(config.REDIS_URL);
    let queues: EventQueues | undefined;
    const eventQueues = () => (queues ??= new EventQueues((queuesRedis = new Redis(config.REDIS_URL))));
    const deps = {
      repo,
      users,
      markdown,
      attachments,
      alertWords,
      topicDeletion,
      deleteTopicWaitMs: config.DELETE_TOPIC_WAIT_MS,
      wildcardMentionThreshold: config.WILDCARD_MENTION_THRESHOLD,
      eventQueues,
    };
    return {
      projection: new MessagesProjection(repo),
      // A rebuild writes through a write-behind buffer (every write of the projection is by `_id`).
      projectionOn: (other) => new MessagesProjection(new MessagesRepository(other)),
      handlers: messagesHandlers(deps),
      readModels: [users, markdown, attachments, alertWords],
    };
  },
  background: async (parts, config, logger) => {
    const work = [
      await startUsersEventsRelays(parts, config, logger),
      await startTopicDeletion(parts, config, logger),
      await startScheduledDelivery(parts, config, logger),
    ];
    return {
      async stop() {
        for (const w of work) await w.stop();
        await topicDeletion?.close();
        queuesRedis?.disconnect();
      },
    };
  },
};

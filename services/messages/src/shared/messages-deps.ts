import type { TopicDeletionQueue } from '../messages/delete-topic/topic-deletion.queue';
import type { AlertWordsReadModel } from '../alert-words/alert-words-read-model';
import type { MessagesRepository } from '../projection/messages.repository';
import type { UsersReadModel } from '../users-read-model/users-read-model';
import type { EventQueues } from '@zulip-es/event-queues';
import type { AttachmentsReadModel } from '../attachments/attachments-read-model';
import type { MarkdownReadModel } from '../rendering/markdown-read-model';

/** What every messages handler works with: the own projection and the copy of the users domain. */
export interface MessagesDeps {
  repo: MessagesRepository;
  users: UsersReadModel;
  /** What rendering Markdown needs of the users domain (names, linkifiers, custom emoji). */
  markdown: MarkdownReadModel;
  /** The copy of the uploads domain (which uploads exist, whose). */
  attachments: AttachmentsReadModel;
  /** Every user's alert words (for `has_alert_word` when a message is sent or edited). */
  alertWords?: AlertWordsReadModel;
  /** Topic deletion jobs (BullMQ) and how long a request waits for one (`DELETE_TOPIC_WAIT_MS`). */
  topicDeletion?: TopicDeletionQueue;
  deleteTopicWaitMs?: number;
  /** Zulip's `WILDCARD_MENTION_THRESHOLD` (15 unless `WILDCARD_MENTION_THRESHOLD` is configured). */
  wildcardMentionThreshold?: number;
  /** The clients' event queues (Redis), for what is told to clients without being recorded: typing. */
  eventQueues?: () => EventQueues;
}

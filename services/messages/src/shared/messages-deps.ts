import type { AlertWordsReadModel } from '../alert-words/alert-words-read-model';
import type { MessagesRepository } from '../projection/messages.repository';
import type { UsersReadModel } from '../users-read-model/users-read-model';
import type { AttachmentsReadModel } from '../attachments/attachments-read-model';
import type { MarkdownReadModel } from '../rendering/markdown-read-model';

/** What every messages handler works with (provided by the projection module): the own projection and the copies of other domains. */
export interface MessagesDeps {
  repo: MessagesRepository;
  users: UsersReadModel;
  /** What rendering Markdown needs of the users domain (names, linkifiers, custom emoji). */
  markdown: MarkdownReadModel;
  /** The copy of the uploads domain (which uploads exist, whose). */
  attachments: AttachmentsReadModel;
  /** Every user's alert words (for `has_alert_word` when a message is sent or edited). */
  alertWords?: AlertWordsReadModel;
  /** Zulip's `WILDCARD_MENTION_THRESHOLD` (15 unless `WILDCARD_MENTION_THRESHOLD` is configured). */
  wildcardMentionThreshold?: number;
}

export const MESSAGES_DEPS = Symbol('MESSAGES_DEPS');

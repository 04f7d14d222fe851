import { MessagesEvent, type EventEnvelope } from '@zulip-es/contracts';
import { type Projection, projectionDatabase } from '@zulip-es/platform';
import type { MessagesRepository } from './messages.repository';
import type { Projector } from './projector';
import { projectors } from './projectors';

/**
 * See `Projection.version` (it names the service's database). 1: messages, id lists and subscription histories. 2: list chunks store their ids as binary.
 * 3: the last message id is kept in the `messages_version` counter. 4: policy changes of moves
 * and topic deletions are placed in the users' histories (`positions`, `pending` in
 * `user_topics`; tombstones in `topic_policies`). 5: list heads store their chunk references
 * as binary. 6: messages keep the uploads they claim, and `upload_refs` indexes the messages
 * claiming each upload (a stored projection has neither). 7: deletions leave `upload_refs` as
 * it is. 8: topics keep who sent their messages (`topic_participants`), for wildcard mentions.
 * 9: each draft has its own document (`drafts`), each user's numbers and counters theirs
 * (`user_drafts`). 10: channel and direct-message lists carry each message's sender and place,
 * users' flags (`user_flags`, their unread, starred and collapsed lists) and mention lists.
 * 11: each channel's topics by their newest message (`topic_index_heads`,
 * `topic_index_chunks`), for GET /users/me/{stream_id}/topics. 12: a tagged chunk stores each
 * distinct tag once (`tagTable`, `tagIndex`); only a list's newest chunk is rewritten in place,
 * and an emptied list keeps its head (see `message-list.ts`). A stored projection of an older
 * version is rebuilt from the events at start.
 */
export const MESSAGES_PROJECTION_VERSION = 12;
/** The service's database: its projection at this version (see projectionDatabase). */
export const MESSAGES_DATABASE = projectionDatabase('messages', MESSAGES_PROJECTION_VERSION);

/**
 * Applies messages events to Mongo through the projector of each area. Each document remembers
 * the sequence of the last event applied to it, so an event delivered again changes nothing.
 * Nothing here reads the users read model: the projection is a function of these events alone.
 */
export class MessagesProjection implements Projection {
  readonly version = MESSAGES_PROJECTION_VERSION;
  private readonly byType = new Map<string, Projector>();

  constructor(private readonly repo: MessagesRepository) {
    for (const projector of projectors(repo)) {
      for (const type of projector.types) {
        if (this.byType.has(type)) throw new Error(`two projectors apply ${type}`);
        this.byType.set(type, projector);
      }
    }
  }

  forget(): void {
    this.repo.owned.forget();
  }

  /** Event types no projector applies (a unit test keeps this empty). */
  unhandledTypes(): string[] {
    return MessagesEvent.options.map((o) => o.shape.type.value).filter((type) => !this.byType.has(type));
  }

  async apply(envelope: EventEnvelope): Promise<void> {
    const event = MessagesEvent.parse({ type: envelope.type, data: envelope.data });
    const projector = this.byType.get(event.type);
    if (!projector) throw new Error(`no projector applies ${event.type}`);
    await projector.apply(event, envelope);
  }
}

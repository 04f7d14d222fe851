import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { MessagesRepository } from '../projection/messages.repository';
import { draftsAggregateId, evolveDrafts, type DraftEvent } from './drafts.state';

const DRAFT_EVENTS: readonly DraftEvent['type'][] = ['draft.created.v1', 'draft.edited.v1', 'draft.deleted.v1', 'drafts.cleared.v1'];

/** Each user's drafts, one document per user (`drafts:<userId>`). */
export const draftsProjector = (repo: MessagesRepository): Projector => ({
  types: DRAFT_EVENTS,
  async apply(event, envelope) {
    const draftEvent = event as DraftEvent;
    await applyToDocument(repo.drafts, draftsAggregateId(draftEvent.data.userId), envelope.sequence, (current) => evolveDrafts(current, draftEvent, envelope.sequence));
  },
});

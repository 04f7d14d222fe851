import { withoutId } from '../projection/projector';
import type { Projector } from '../projection/projector';
import type { MessagesRepository } from '../projection/messages.repository';
import { draftDocChanges, draftDocId, draftsAggregateId, evolveDrafts, type DraftEvent } from './drafts.state';

const DRAFT_EVENTS: readonly DraftEvent['type'][] = ['draft.created.v1', 'draft.edited.v1', 'draft.deleted.v1', 'drafts.cleared.v1'];

/**
 * Each user's drafts: one document per draft (`draft:<userId>:<n>`) and one per user
 * (`drafts:<userId>`: their numbers and counters, with the version of the last event applied).
 * The drafts' documents are written first and the user's last: an event the user's version
 * shows as applied is skipped; one applied in part is applied again whole, rewriting or deleting
 * the same drafts, which changes nothing.
 */
export const draftsProjector = (repo: MessagesRepository): Projector => ({
  types: DRAFT_EVENTS,
  async apply(event, envelope) {
    const draftEvent = event as DraftEvent;
    const { userId } = draftEvent.data;
    const found = await repo.userDrafts.findOne({ _id: draftsAggregateId(userId) });
    const current = found ? withoutId(found) : null;
    if (current && current.version >= envelope.sequence) return;
    const { put, deleted } = draftDocChanges(current, draftEvent);
    const writes = [
      ...put.map(({ n, draft }) => ({ replaceOne: { filter: { _id: draftDocId(userId, n) }, replacement: draft, upsert: true } })),
      ...deleted.map((n) => ({ deleteOne: { filter: { _id: draftDocId(userId, n) } } })),
    ];
    if (writes.length > 0) await repo.drafts.bulkWrite(writes, { ordered: true });
    await repo.userDrafts.replaceOne({ _id: draftsAggregateId(userId) }, evolveDrafts(current, draftEvent, envelope.sequence), {
      upsert: true,
    });
  },
});

import type { StoredDraft } from '@zulip-es/contracts';
import { toOwner, type ClientEventsOf } from './client-event';

/** Zulip's `Draft.to_dict`: the timestamp in whole seconds. */
const draftView = (draft: StoredDraft) => ({ ...draft, timestamp: Math.floor(draft.timestamp) });

export const draftCreated: ClientEventsOf<'draft.created.v1'> = ({ data }) =>
  toOwner(data.userId, { type: 'drafts', op: 'add', drafts: [draftView(data.draft)] });

export const draftEdited: ClientEventsOf<'draft.edited.v1'> = ({ data }) =>
  toOwner(data.userId, { type: 'drafts', op: 'update', draft: draftView(data.draft) });

export const draftDeleted: ClientEventsOf<'draft.deleted.v1'> = ({ data }) =>
  toOwner(data.userId, { type: 'drafts', op: 'remove', draft_id: data.draftId });

/** Zulip sends no event when turning synchronization off deletes the drafts; a client learns it on its next register. */
export const draftsCleared: ClientEventsOf<'drafts.cleared.v1'> = () => [];

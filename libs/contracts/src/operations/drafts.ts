import { z } from 'zod';
import { MAX_DRAFTS_PER_REQUEST } from '../limits';
import { DraftInput } from '../messages/draft';
import { DraftReply, EmptyReply } from './replies';
import { defineOperation } from './operation';

/**
 * Drafts are the caller's own data: keyed `actor`, so one user's draft commands are decided one
 * at a time and different users' in parallel. Every drafts endpoint answers `User has disabled
 * synchronizing drafts.` while the caller's `enable_drafts_synchronization` is off.
 */

const DraftId = { draft_id: z.int() };

/** GET /drafts → `{count, drafts}`, oldest edit first (Zulip's code; its spec says newest first). */
export const getDrafts = defineOperation({
  type: 'draft.list',
  method: 'GET',
  path: '/drafts',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({}),
  reply: z.strictObject({ count: z.int(), drafts: z.array(DraftReply) }),
  key: 'actor',
});

/**
 * POST /drafts: save a list of drafts → `{ids}`, in the order given. At most
 * `MAX_DRAFTS_PER_REQUEST` drafts a request, and a user keeps at most `MAX_DRAFTS_PER_USER`
 * (Zulip has neither bound): a request that would go past it is refused whole.
 */
export const createDrafts = defineOperation({
  type: 'draft.create',
  method: 'POST',
  path: '/drafts',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ drafts: z.array(DraftInput).max(MAX_DRAFTS_PER_REQUEST) }),
  reply: z.strictObject({ ids: z.array(z.int()) }),
  key: 'actor',
});

/** PATCH /drafts/{draft_id} (E9): replace one of the caller's drafts. */
export const editDraft = defineOperation({
  type: 'draft.edit',
  method: 'PATCH',
  path: '/drafts/{draft_id}',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ ...DraftId, draft: DraftInput }),
  reply: EmptyReply,
  key: 'actor',
});

/** DELETE /drafts/{draft_id}. */
export const deleteDraft = defineOperation({
  type: 'draft.delete',
  method: 'DELETE',
  path: '/drafts/{draft_id}',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object(DraftId),
  reply: EmptyReply,
  key: 'actor',
});

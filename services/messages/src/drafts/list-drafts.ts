import type { MessagesRepository } from '../projection/messages.repository';
import type { DraftsSync } from '../users-read-model/users-read-model';
import { draftView, visibleDraftNumbers } from './drafts-sync';

/**
 * The drafts the user sees (each read by `_id`, at most `MAX_DRAFTS_PER_USER`), oldest edit first
 * as Zulip's code orders them (`last_edit_time`), ties by id.
 */
export async function listDrafts(repo: MessagesRepository, userId: number, sync: DraftsSync): Promise<ReturnType<typeof draftView>[]> {
  const stored = await repo.storedDrafts(userId, visibleDraftNumbers(await repo.draftsOf(userId), sync));
  return stored.sort((a, b) => a.timestamp - b.timestamp || a.id - b.id).map(draftView);
}

import type { ClearDrafts } from '@zulip-es/contracts';
import { withDraftsCleared } from '../drafts-sync';
import type { DraftsState } from '../drafts.state';
import type { MessagesDecision } from '../../shared/messages-new-event';

/**
 * Zulip's `do_change_user_setting` for `enable_drafts_synchronization` turned off: every draft
 * of the user is deleted. Nothing happens when that turning-off is already applied (the command
 * again, or a draft request of the user that applied it first).
 */
export function decideClearDrafts(cmd: ClearDrafts, drafts: DraftsState): MessagesDecision {
  const { events } = withDraftsCleared(drafts, cmd.userSequence);
  return { events, reply: clearDraftsReplyFrom(events) };
}

export function clearDraftsReplyFrom(events: readonly { type: string; data: Record<string, unknown> }[]): Record<string, unknown> {
  return { deleted: events.flatMap((e) => (e.type === 'drafts.cleared.v1' ? (e.data as { draftIds: number[] }).draftIds : [])) };
}

import type { LinkifiersReorderedV1, OperationData, reorderLinkifiers } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import type { UserState } from '../../domain/user.state';
import { requireAdmin } from '../../shared/user-rules';
import { LINKIFIERS_AGGREGATE, type LinkifiersState } from '../linkifiers.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type ReorderLinkifiers = OperationData<typeof reorderLinkifiers>;

/**
 * Zulip's `check_reorder_linkifiers`: no id twice, and exactly the existing ids. The list sent
 * must name every linkifier, so a client working from an old list is refused rather than
 * silently reordering only part of it. The same order again changes nothing.
 */
export function decideReorderLinkifiers(cmd: ReorderLinkifiers, state: { actor: UserState; linkifiers: LinkifiersState }): UsersNewEvent[] {
  requireAdmin(state.actor);
  const ordered = cmd.ordered_linkifier_ids;
  const wanted = new Set(ordered);
  if (wanted.size < ordered.length) throw badRequest('The ordered list must not contain duplicated linkifiers');
  const existing = state.linkifiers.linkifiers.map((l) => l.id);
  if (existing.length !== wanted.size || existing.some((id) => !wanted.has(id))) {
    throw badRequest('The ordered list must enumerate all existing linkifiers exactly once');
  }
  if (existing.every((id, i) => id === ordered[i])) return [];
  const event: LinkifiersReorderedV1 = { type: 'linkifiers.reordered.v1', data: { orderedLinkifierIds: ordered } };
  return [{ ...event, aggregateId: LINKIFIERS_AGGREGATE, sequence: state.linkifiers.version + 1 }];
}

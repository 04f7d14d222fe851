import { badRequest } from '@zulip-es/platform';

/** Zulip's `LARGER_THAN_MAX_MESSAGE_ID`: the anchor `newest` stands for. */
export const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;
export const MAX_MESSAGES_PER_FETCH = 5000;

export interface Anchor {
  anchor: number;
  anchoredToLeft: boolean;
  anchoredToRight: boolean;
}

/**
 * Zulip's `parse_anchor_value`. `first_unread` is marked for the caller to find (the oldest unread
 * message of the narrow, else the newest).
 */
export function parseAnchor(raw: string | undefined, useFirstUnread: boolean): Anchor & { firstUnread?: true } {
  if (raw === undefined && !useFirstUnread) throw badRequest("Missing 'anchor' argument.");
  // Zulip's legacy `use_first_unread_anchor` wins over any `anchor` sent beside it.
  const value = useFirstUnread ? 'first_unread' : raw!;
  if (value === 'first_unread')
    return { anchor: LARGER_THAN_MAX_MESSAGE_ID, anchoredToLeft: false, anchoredToRight: true, firstUnread: true };
  if (value === 'newest') return { anchor: LARGER_THAN_MAX_MESSAGE_ID, anchoredToLeft: false, anchoredToRight: true };
  if (value === 'oldest') return { anchor: 0, anchoredToLeft: true, anchoredToRight: false };
  if (!/^-?\d+$/.test(value.trim())) throw badRequest('Invalid anchor');
  const n = Math.min(Math.max(Number(value.trim()), 0), LARGER_THAN_MAX_MESSAGE_ID);
  return { anchor: n, anchoredToLeft: n === 0, anchoredToRight: n >= LARGER_THAN_MAX_MESSAGE_ID };
}

/** The two range queries of Zulip's `limit_query_to_range`: ids at or below / at or above, with limits. */
export interface RangeQueries {
  before: { atOrBelow: number; limit: number } | null;
  after: { atOrAbove: number; limit: number } | null;
}

export function rangeQueries(a: Anchor, numBefore: number, numAfter: number, includeAnchor: boolean): RangeQueries {
  const needBefore = !a.anchoredToLeft && numBefore > 0;
  const needAfter = !a.anchoredToRight && numAfter > 0;
  const inc = includeAnchor ? 1 : 0;
  if (needBefore && needAfter)
    return { before: { atOrBelow: a.anchor - 1, limit: numBefore }, after: { atOrAbove: a.anchor, limit: numAfter + 1 } };
  if (needBefore) return { before: { atOrBelow: a.anchor - (1 - inc), limit: numBefore + (a.anchoredToRight ? 0 : inc) }, after: null };
  if (needAfter) return { before: null, after: { atOrAbove: a.anchor + (1 - inc), limit: numAfter + inc } };
  // Neither side: the anchor alone (when included).
  return { before: null, after: includeAnchor ? { atOrAbove: a.anchor, limit: 1 } : null };
}

/** Zulip's `post_process_limited_query` over the ids found (ascending). */
export function postProcess(ids: readonly number[], a: Anchor, numBefore: number, numAfter: number) {
  const before = a.anchoredToLeft ? 0 : numBefore;
  const after = a.anchoredToRight ? 0 : numAfter;
  let beforeIds = ids.filter((id) => id < a.anchor);
  const anchorIds = ids.filter((id) => id === a.anchor);
  let afterIds = ids.filter((id) => id > a.anchor);
  if (before) beforeIds = beforeIds.slice(-before);
  if (after) afterIds = afterIds.slice(0, after);
  if (!before) beforeIds = beforeIds.slice(0, 0);
  if (!after) afterIds = afterIds.slice(0, 0);
  return {
    ids: [...beforeIds, ...anchorIds, ...afterIds],
    foundAnchor: anchorIds.length === 1,
    foundOldest: a.anchoredToLeft || beforeIds.length < before,
    foundNewest: a.anchoredToRight || afterIds.length < after,
  };
}

/** Zulip's checks of the range parameters. */
export function checkRange(numBefore: number, numAfter: number, includeAnchor: boolean): void {
  if (numBefore + numAfter > MAX_MESSAGES_PER_FETCH) throw badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
  if (!includeAnchor && numBefore > 0 && numAfter > 0) throw badRequest('The anchor can only be excluded at an end of the range');
}

import type { NarrowTerm } from '@zulip-es/contracts';
import { channelsContext } from '../../channels/channels-context';
import { UnreadView } from '../../flags/unread-view';
import { FlagLists } from '../../flags/user-flags.state';
import type { MessagesDeps } from '../../shared/messages-deps';
import { taggedIdsAmong } from '../message-lists/message-list';
import type { MessageState } from '../message.state';
import { MessageReader } from './message-access';
import { LARGER_THAN_MAX_MESSAGE_ID, type Anchor } from './message-window';
import { normalizeTerms, planNarrow, type FlagTerm, type NarrowPlan } from './narrow';

/**
 * One reader's narrow: its plan, and `matching`, which keeps the ids whose messages match it
 * (their own terms, and the reader's flags for `is:unread` and `is:starred`), keeping the
 * messages it loaded.
 */
export interface NarrowReading {
  reader: MessageReader;
  plan: NarrowPlan;
  loaded: Map<number, MessageState>;
  matching(ids: number[]): Promise<number[]>;
}

export async function readNarrow(deps: MessagesDeps, actorId: number | null, narrow: readonly NarrowTerm[]): Promise<NarrowReading> {
  const ctx = channelsContext(deps.users, actorId);
  const reader = new MessageReader(deps.repo, ctx.actor, ctx, await deps.repo.subscriptionsOf(ctx.actor.userId));
  const plan = await planNarrow(normalizeTerms(narrow), {
    me: reader.user,
    channel: (id) => deps.repo.channel(id),
    channelByName: (name) => deps.repo.channelByName(name),
    user: (id) => ctx.user(id),
    userByApiEmail: (email) => ctx.userByApiEmail(email),
  });
  const loaded = new Map<number, MessageState>();
  const flags = flagFilter(deps, reader.user.userId, plan.flagTerms);
  const matching = async (ids: number[]): Promise<number[]> => {
    for (const m of await deps.repo.messagesByIds(ids.filter((id) => !loaded.has(id)))) loaded.set(m.messageId, m);
    return flags(ids.filter((id) => loaded.has(id) && plan.matches(loaded.get(id)!)));
  };
  return { reader, plan, loaded, matching };
}

/** Keeps the ids that satisfy the flag terms, from the reader's lists. */
function flagFilter(deps: MessagesDeps, userId: number, terms: readonly FlagTerm[]): (ids: number[]) => Promise<number[]> {
  if (terms.length === 0) return async (ids) => ids;
  let view: Promise<UnreadView> | undefined;
  return async (ids) => {
    const sorted = [...ids].sort((a, b) => a - b);
    let kept = sorted;
    for (const term of terms) {
      const having =
        term.flag === 'unread'
          ? await (await (view ??= UnreadView.load(deps.repo, userId))).unreadAmong(kept)
          : new Set((await taggedIdsAmong(deps.repo.lists, FlagLists.starred(userId), kept)).map((e) => e.id));
      kept = kept.filter((id) => having.has(id) !== term.negated);
    }
    const keep = new Set(kept);
    return ids.filter((id) => keep.has(id));
  };
}

/**
 * Zulip's `first_unread` anchor: the oldest unread message of the narrow, else the newest
 * (`LARGER_THAN_MAX_MESSAGE_ID`).
 */
export async function firstUnreadAnchor(deps: MessagesDeps, reading: NarrowReading): Promise<Anchor> {
  const view = await UnreadView.load(deps.repo, reading.reader.user.userId);
  // Newest first: reversed, oldest first.
  const unread = Array.from((await view.all(await deps.repo.lastMessageId())).run.ids).reverse();
  for (let start = 0; start < unread.length; start += 200) {
    const [first] = await reading.matching(unread.slice(start, start + 200));
    if (first !== undefined) return { anchor: first, anchoredToLeft: false, anchoredToRight: false };
  }
  return { anchor: LARGER_THAN_MAX_MESSAGE_ID, anchoredToLeft: false, anchoredToRight: true };
}

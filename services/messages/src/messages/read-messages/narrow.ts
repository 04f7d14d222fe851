import type { NarrowTerm } from '@zulip-es/contracts';
import { mentionsReader, mentionsIn } from '@zulip-es/message-flags';
import { badRequest } from '@zulip-es/platform';
import type { ChannelState } from '../../channels/channel.state';
import type { ReadUser } from '../../users-read-model/users-read-model';
import { ListKeys, topicKey, type MessageState } from '../message.state';

export interface Term {
  operator: string;
  operand: string | number | number[];
  negated: boolean;
}

/** The legacy `[operator, operand]` pairs and the object form, read the same way. */
export const normalizeTerms = (narrow: readonly NarrowTerm[]): Term[] =>
  narrow.map((t) =>
    Array.isArray(t)
      ? { operator: t[0], operand: t[1], negated: false }
      : { operator: t.operator, operand: t.operand, negated: t.negated ?? false },
  );

const invalid = (desc: string): Error => badRequest(`Invalid narrow operator: ${desc}`);

export interface NarrowLookups {
  me: ReadUser;
  channelByName(name: string): Promise<ChannelState | null>;
  channel(channelId: number): Promise<ChannelState | null>;
  user(userId: number): ReadUser | undefined;
  userByApiEmail(email: string): ReadUser | undefined;
}

/** Where to look (the most selective list a positive term names) and the test every message must pass. */
export interface NarrowPlan {
  /** A topic, channel or conversation list; null: the reader's own history (subscribed channels and DMs). */
  source: { key: string; channelId: number | null } | null;
  /** False: the reader's direct messages only (`is:dm`). */
  channelsToo: boolean;
  matches(message: MessageState): boolean;
  /** Terms on the reader's own flags (`is:unread`, `is:starred`), which the messages alone do not tell. */
  flagTerms: FlagTerm[];
}

/** A narrow term on a flag the reader keeps: the messages must have it (or, negated, not). */
export interface FlagTerm {
  flag: 'unread' | 'starred';
  negated: boolean;
}

function usersOf(lookups: NarrowLookups, operand: Term['operand'], operator: string): ReadUser[] {
  const parts = Array.isArray(operand)
    ? operand
    : typeof operand === 'number'
      ? [operand]
      : operand
          .split(',')
          .map((e) => e.trim())
          .filter((e) => e !== '');
  return parts.map((p) => {
    const user = typeof p === 'number' ? lookups.user(p) : lookups.userByApiEmail(p);
    if (!user) throw invalid(`unknown user in ${operator}`);
    return user;
  });
}

/**
 * Zulip's narrow filters this server implements: `channel`/`stream` (name or id), `topic`/
 * `subject`, `dm`/`pm-with` (emails or ids: the conversation of exactly those users and the
 * reader), `is:dm`/`is:private`, `sender` (email, id or `me`), each possibly negated.
 */
export async function planNarrow(terms: readonly Term[], lookups: NarrowLookups): Promise<NarrowPlan> {
  const tests: ((m: MessageState) => boolean)[] = [];
  let channel = null as { id: number; topic?: string } | null;
  let conversation: number[] | null = null;
  let dmsOnly = false;
  const flagTerms: FlagTerm[] = [];
  for (const term of terms) {
    let test: (m: MessageState) => boolean;
    switch (term.operator) {
      case 'channel':
      case 'stream': {
        const found =
          typeof term.operand === 'number'
            ? await lookups.channel(term.operand)
            : typeof term.operand === 'string'
              ? await lookups.channelByName(term.operand)
              : null;
        if (!found) throw invalid(`unknown channel ${String(term.operand)}`);
        const id = found.channelId;
        test = (m) => m.conversation.type === 'channel' && m.conversation.channelId === id;
        if (!term.negated && !channel) channel = { id };
        break;
      }
      case 'topic':
      case 'subject': {
        const topic = topicKey(String(term.operand));
        test = (m) => m.conversation.type === 'channel' && topicKey(m.conversation.topic) === topic;
        break;
      }
      case 'dm':
      case 'pm-with': {
        const ids = [...new Set([lookups.me.userId, ...usersOf(lookups, term.operand, term.operator).map((u) => u.userId)])].sort(
          (a, b) => a - b,
        );
        const key = ids.join(',');
        test = (m) => m.conversation.type === 'direct' && m.conversation.userIds.join(',') === key;
        if (!term.negated) conversation = ids;
        break;
      }
      case 'is': {
        if (term.operand === 'unread' || term.operand === 'starred') {
          flagTerms.push({ flag: term.operand, negated: term.negated });
          continue;
        }
        if (term.operand === 'mentioned') {
          const me = lookups.me.userId;
          test = (m) => mentionsReader(mentionsIn(m.renderedContent), me, m.topicParticipantIds);
          break;
        }
        if (term.operand !== 'dm' && term.operand !== 'private') throw invalid(`unknown 'is' operand ${String(term.operand)}`);
        test = (m) => m.conversation.type === 'direct';
        if (!term.negated) dmsOnly = true;
        break;
      }
      case 'sender': {
        const senderId = term.operand === 'me' ? lookups.me.userId : usersOf(lookups, term.operand, term.operator)[0].userId;
        test = (m) => m.senderId === senderId;
        break;
      }
      default:
        throw invalid(`unknown operator ${term.operator}`);
    }
    tests.push(term.negated ? (m) => !test(m) : test);
  }
  // The topic narrows the channel's list to the topic's, wherever the two terms stand.
  const topicTerm = terms.find((t) => !t.negated && (t.operator === 'topic' || t.operator === 'subject'));
  if (channel && topicTerm) channel = { ...channel, topic: String(topicTerm.operand) };
  const matches = (m: MessageState): boolean => tests.every((t) => t(m));
  if (conversation) return { source: { key: ListKeys.direct(conversation), channelId: null }, channelsToo: false, matches, flagTerms };
  if (channel) {
    const key = channel.topic !== undefined ? ListKeys.topic(channel.id, channel.topic) : ListKeys.channel(channel.id);
    return { source: { key, channelId: channel.id }, channelsToo: true, matches, flagTerms };
  }
  return { source: null, channelsToo: !dmsOnly, matches, flagTerms };
}

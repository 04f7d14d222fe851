import { MAX_ALERT_WORDS_PER_USER, type AlertWordsChangedV1 } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { alertWordsId, type AlertWordsState } from './alert-words.state';
import type { MessagesNewEvent } from '../shared/messages-new-event';

/** Zulip's `clean_alert_words`: stripped, blank ones dropped. */
const cleaned = (words: readonly string[]): string[] => words.map((w) => w.trim()).filter((w) => w !== '');

/** Zulip's `add_user_alert_words`: words new without case are added, keeping the case first given. */
export function decideAddAlertWords(state: AlertWordsState, words: readonly string[]): { events: MessagesNewEvent[]; words: string[] } {
  const known = new Set(state.words.map((w) => w.toLowerCase()));
  const added: string[] = [];
  for (const word of cleaned(words)) {
    if (known.has(word.toLowerCase())) continue;
    known.add(word.toLowerCase());
    added.push(word);
  }
  const next = [...state.words, ...added];
  if (next.length > MAX_ALERT_WORDS_PER_USER) throw badRequest(`You can have at most ${MAX_ALERT_WORDS_PER_USER} alert words.`);
  return { events: added.length === 0 ? [] : [changed(state, next)], words: next };
}

/** Zulip's `remove_user_alert_words`: matched without case. */
export function decideRemoveAlertWords(state: AlertWordsState, words: readonly string[]): { events: MessagesNewEvent[]; words: string[] } {
  const removed = new Set(words.map((w) => w.toLowerCase()));
  const next = state.words.filter((w) => !removed.has(w.toLowerCase()));
  return { events: next.length === state.words.length ? [] : [changed(state, next)], words: next };
}

function changed(state: AlertWordsState, words: string[]): MessagesNewEvent {
  const event: AlertWordsChangedV1 = { type: 'alert_words.changed.v1', data: { userId: state.userId, alertWords: words } };
  return { ...event, aggregateId: alertWordsId(state.userId), sequence: state.version + 1 };
}

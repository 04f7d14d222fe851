import type { AlertWordsChangedV1 } from '@zulip-es/contracts';

/** One user's alert words (aggregate `alert_words:<userId>`, key `user:<id>`), in the order added. */
export interface AlertWordsState {
  userId: number;
  words: string[];
  version: number;
}

export const alertWordsId = (userId: number): string => `alert_words:${userId}`;

export const noAlertWords = (userId: number): AlertWordsState => ({ userId, words: [], version: 0 });

export const evolveAlertWords = (state: AlertWordsState, event: AlertWordsChangedV1, sequence: number): AlertWordsState => ({
  ...state,
  words: event.data.alertWords,
  version: sequence,
});

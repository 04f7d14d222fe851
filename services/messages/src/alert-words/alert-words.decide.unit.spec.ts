import { MAX_ALERT_WORDS_PER_USER } from '@zulip-es/contracts';
import { U } from '../testing/users.fixtures';
import { decideAddAlertWords, decideRemoveAlertWords } from './alert-words.decide';
import { noAlertWords } from './alert-words.state';

const state = { ...noAlertWords(U.member), words: ['Deploy', 'lunch'], version: 2 };
const changed = (alertWords: string[]) => ({
  type: 'alert_words.changed.v1',
  aggregateId: `alert_words:${U.member}`,
  sequence: 3,
  data: { userId: U.member, alertWords },
});

describe('adding alert words', () => {
  it('adds the words new without case, stripped, blank ones dropped, keeping the order', () => {
    expect(decideAddAlertWords(state, [' coffee ', 'DEPLOY', '', 'Coffee', 'build green'])).toEqual({
      events: [changed(['Deploy', 'lunch', 'coffee', 'build green'])],
      words: ['Deploy', 'lunch', 'coffee', 'build green'],
    });
  });

  it('changes nothing when every word is known, and answers the list', () => {
    expect(decideAddAlertWords(state, ['deploy', '  '])).toEqual({ events: [], words: ['Deploy', 'lunch'] });
  });

  it('refuses more words than a user may have', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`);
    expect(decideAddAlertWords(state, words(MAX_ALERT_WORDS_PER_USER - 2)).words).toHaveLength(MAX_ALERT_WORDS_PER_USER);
    expect(() => decideAddAlertWords(state, words(MAX_ALERT_WORDS_PER_USER - 1))).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', msg: `You can have at most ${MAX_ALERT_WORDS_PER_USER} alert words.` }),
    );
  });
});

describe('removing alert words', () => {
  it('removes the words matched without case', () => {
    expect(decideRemoveAlertWords(state, ['DEPLOY', 'unknown'])).toEqual({ events: [changed(['lunch'])], words: ['lunch'] });
  });

  it('changes nothing when no word matches', () => {
    expect(decideRemoveAlertWords(state, ['unknown'])).toEqual({ events: [], words: ['Deploy', 'lunch'] });
  });
});

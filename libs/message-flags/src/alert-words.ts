/**
 * Zulip's `AlertWordNotificationProcessor`: an alert word matches, without case, where the
 * message's Markdown has it as a whole word, that is between the start or end of the text,
 * whitespace, or the punctuation Zulip allows on that side.
 */
const ALLOWED_BEFORE = new Set([' ', '\n', '(', '"', '.', ',', "'", ';', '[', '*', '`', '>']);
const ALLOWED_AFTER = new Set([' ', '\n', ')', '"', '?', ':', '.', ',', "'", ';', ']', '!', '*', '`']);

/**
 * The organization's alert words, each (lowercased) with the users who set it: Zulip's realm
 * automaton. A message is matched in time bounded by its length and the longest word, however
 * many words and users there are: every place a word may start is tried against the words of
 * every length that may end there.
 */
export class AlertWordIndex {
  private readonly usersByWord = new Map<string, Set<number>>();
  private readonly wordsByUser = new Map<number, readonly string[]>();
  private longest = 0;

  get size(): number {
    return this.wordsByUser.size;
  }

  /** A user's whole list, replacing the one before; empty removes them. */
  set(userId: number, words: readonly string[]): void {
    for (const word of this.wordsByUser.get(userId) ?? []) {
      const users = this.usersByWord.get(word);
      users?.delete(userId);
      if (users?.size === 0) this.usersByWord.delete(word);
    }
    const lowered = [...new Set(words.map((w) => w.toLowerCase()).filter((w) => w !== ''))];
    if (lowered.length === 0) this.wordsByUser.delete(userId);
    else this.wordsByUser.set(userId, lowered);
    for (const word of lowered) {
      (this.usersByWord.get(word) ?? this.usersByWord.set(word, new Set()).get(word)!).add(userId);
      this.longest = Math.max(this.longest, word.length);
    }
  }

  /** The users whose alert words `content` contains. */
  usersAlertedBy(content: string): Set<number> {
    const alerted = new Set<number>();
    if (this.usersByWord.size === 0) return alerted;
    const text = content.toLowerCase();
    for (let start = 0; start < text.length; start++) {
      if (start > 0 && !ALLOWED_BEFORE.has(text[start - 1]!)) continue;
      const last = Math.min(text.length, start + this.longest);
      for (let end = start + 1; end <= last; end++) {
        if (end < text.length && !ALLOWED_AFTER.has(text[end]!)) continue;
        for (const userId of this.usersByWord.get(text.slice(start, end)) ?? []) alerted.add(userId);
      }
    }
    return alerted;
  }
}

/** Whether `content` contains `word` as an alert word. */
export function containsAlertWord(content: string, word: string): boolean {
  const index = new AlertWordIndex();
  index.set(0, [word]);
  return index.usersAlertedBy(content).size > 0;
}

/** The readers whose alert words the content contains, ascending. */
export function alertedUserIds(content: string, index: AlertWordIndex | undefined, readerIds: Iterable<number>): number[] {
  if (!index || index.size === 0) return [];
  const alerted = index.usersAlertedBy(content);
  return [...readerIds].filter((userId) => alerted.has(userId)).sort((a, b) => a - b);
}

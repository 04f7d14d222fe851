/**
 * Zulip's mention syntax (zerver/lib/mention.py), shared by the inline patterns and by block
 * quotes, which silence what they quote. A mention starts the text or follows whitespace or an
 * opening delimiter.
 */
const BEFORE_MENTION = `(?<![^\\s'"\\(\\{\\[\\/<])`;

export const MENTION_SOURCE = `${BEFORE_MENTION}@(?<silent>_?)(?:\\*\\*(?<match>[^\\*]+)\\*\\*)`;
export const GROUP_MENTION_SOURCE = `${BEFORE_MENTION}@(?<silent>_?)(?:\\*(?<match>[^\\*]+)\\*)`;
export const BEFORE_MENTION_SOURCE = BEFORE_MENTION;

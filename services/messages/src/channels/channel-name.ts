import { MAX_STREAM_NAME_LENGTH } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';

// Unicode's 66 non-characters (U+FDD0–U+FDEF and the last two code points of every plane).
const isNonCharacter = (cp: number): boolean => (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe;

/** Zulip's `is_character_printable`: no control characters (Cc), surrogates (Cs) or non-characters. */
function isPrintable(char: string): boolean {
  return !/\p{Cc}|\p{Cs}/u.test(char) && !isNonCharacter(char.codePointAt(0)!);
}

/**
 * Zulip's `check_stream_name` (zerver/lib/string_validation.py), on a name already stripped of
 * surrounding whitespace: not blank, at most 60 code points, every character printable.
 */
export function checkChannelName(name: string): void {
  if (name.trim() === '') throw badRequest("Channel name can't be empty.");
  const chars = [...name];
  if (chars.length > MAX_STREAM_NAME_LENGTH) throw badRequest(`Channel name too long (limit: ${MAX_STREAM_NAME_LENGTH} characters).`);
  const invalid = firstUnprintable(name);
  if (invalid !== null) throw badRequest(`Invalid character in channel name, at position ${invalid}.`);
}

/** Zulip's `check_string_is_printable`: the position (from 1, in code points) of the first character that is not printable, if any. */
export function firstUnprintable(text: string): number | null {
  const invalid = [...text].findIndex((c) => !isPrintable(c));
  return invalid < 0 ? null : invalid + 1;
}

/** Zulip does not keep newlines in channel descriptions. */
export const normalizeDescription = (description: string | undefined): string => (description ?? '').replaceAll('\n', ' ');

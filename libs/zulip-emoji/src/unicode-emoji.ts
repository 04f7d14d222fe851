import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Zulip's Unicode emoji: each code (hex code points joined by `-`, without the FE0F variation
 * selector: `2764`, `1f44d`) with its canonical name first and its aliases after, as Zulip's
 * `emoji_names.py` names them (`+1`, `thumbs_up`, `like`). The table is written at build time by
 * build-emoji-names.mjs next to the compiled library.
 */
export interface UnicodeEmojiSet {
  /** Every name, canonical or alias, to its code. */
  nameToCode: ReadonlyMap<string, string>;
  /** Names by code, the canonical name first. */
  codeToNames: ReadonlyMap<string, readonly string[]>;
}

interface NamesFile {
  source: string;
  codeToNames: Record<string, string[]>;
}

const NAMES_FILE = join(__dirname, '..', 'dist', 'zulip-emoji-names.json');

function readNamesFile(): NamesFile {
  try {
    return JSON.parse(readFileSync(NAMES_FILE, 'utf8')) as NamesFile;
  } catch (error) {
    throw new Error(`${NAMES_FILE} is missing or unreadable; build the zulip-emoji library (npm run build): ${(error as Error).message}`);
  }
}

export function buildUnicodeEmoji(codeToNames: Readonly<Record<string, readonly string[]>>): UnicodeEmojiSet {
  const byCode = new Map<string, readonly string[]>();
  const nameToCode = new Map<string, string>();
  for (const [code, names] of Object.entries(codeToNames)) {
    byCode.set(code, names);
    for (const name of names) nameToCode.set(name, code);
  }
  return { nameToCode, codeToNames: byCode };
}

let loaded: UnicodeEmojiSet | undefined;

/** The table, read once on first use. */
export function unicodeEmoji(): UnicodeEmojiSet {
  loaded ??= buildUnicodeEmoji(readNamesFile().codeToNames);
  return loaded;
}

/**
 * The body of Zulip's `emoji_api.json` (the file `server_emoji_data_url` names), which the mobile
 * app downloads for its emoji picker: `{"code_to_names": {code: [canonical, ...aliases]}}`.
 */
export function emojiDataFile(): string {
  return JSON.stringify({ code_to_names: Object.fromEntries(unicodeEmoji().codeToNames) });
}

/**
 * The code Zulip gives an emoji written as text: its code points in lower-case hex of at least
 * four digits, FE0F left out (Zulip's `unqualify_emoji`), `❤️` → `2764`, `#️⃣` → `0023-20e3`.
 */
export function emojiCodeOfText(text: string): string {
  const points: string[] = [];
  for (const char of text) {
    const point = char.codePointAt(0)!;
    if (point !== 0xfe0f) points.push(point.toString(16).padStart(4, '0'));
  }
  return points.join('-');
}

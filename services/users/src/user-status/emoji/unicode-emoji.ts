import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Zulip's unicode emoji come from iamcal's emoji-datasource (the Google set): a name maps to the
 * code Zulip stores, the `unified` code points in lower case without the FE0F variation
 * selector (`heart` → `2764`). Zulip curates some names of its own on top; this uses
 * emoji-datasource's short names, which agree for common ones (`car`, `+1`, `smile`).
 */
export interface UnicodeEmoji {
  nameToCode: ReadonlyMap<string, string>;
  codes: ReadonlySet<string>;
}

const Entry = z.object({ unified: z.string(), short_names: z.array(z.string()), has_img_google: z.boolean() });

export const emojiCodeOf = (unified: string): string => unified.toLowerCase().replaceAll('-fe0f', '');

export function buildUnicodeEmoji(entries: readonly z.infer<typeof Entry>[]): UnicodeEmoji {
  const nameToCode = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.has_img_google) continue;
    for (const name of entry.short_names) nameToCode.set(name, emojiCodeOf(entry.unified));
  }
  return { nameToCode, codes: new Set(nameToCode.values()) };
}

let loaded: UnicodeEmoji | undefined;

/** The emoji-datasource table, read once on first use. */
export function unicodeEmoji(): UnicodeEmoji {
  loaded ??= buildUnicodeEmoji(z.array(Entry).parse(JSON.parse(readFileSync(require.resolve('emoji-datasource/emoji.json'), 'utf8'))));
  return loaded;
}

import type { ReactionType } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import type { UnicodeEmoji } from './unicode-emoji';

/** A custom emoji of the organization (none exist until custom emoji are implemented). */
export interface CustomEmoji {
  id: string;
  name: string;
  deactivated: boolean;
}

export interface EmojiCatalog {
  unicode: UnicodeEmoji;
  /** By id. */
  custom: ReadonlyMap<string, CustomEmoji>;
}

/** Zulip's special emoji outside Unicode, whose code is their name. */
const ZULIP_EXTRA_EMOJI = new Set(['zulip']);

export interface ResolvedEmoji {
  emojiCode: string;
  reactionType: string;
}

/** Zulip's `get_emoji_data`: the code and type of a name when the client sent only the name. */
export function lookUpEmoji(name: string, catalog: EmojiCatalog): ResolvedEmoji {
  const custom = [...catalog.custom.values()].find((e) => e.name === name && !e.deactivated);
  if (custom) return { emojiCode: custom.id, reactionType: 'realm_emoji' };
  if (ZULIP_EXTRA_EMOJI.has(name)) return { emojiCode: name, reactionType: 'zulip_extra_emoji' };
  const code = catalog.unicode.nameToCode.get(name);
  if (code !== undefined) return { emojiCode: code, reactionType: 'unicode_emoji' };
  throw badRequest(`Emoji '${name}' does not exist`);
}

/** Zulip's `check_emoji_request`: the name, code and type must agree. */
export function checkEmoji(name: string, code: string, type: string, catalog: EmojiCatalog): ReactionType {
  switch (type) {
    case 'realm_emoji': {
      const custom = catalog.custom.get(code);
      if (!custom) throw badRequest('Invalid custom emoji.');
      if (custom.name !== name) throw badRequest('Invalid custom emoji name.');
      if (custom.deactivated) throw badRequest('This custom emoji has been deactivated.');
      return type;
    }
    case 'zulip_extra_emoji':
      if (!ZULIP_EXTRA_EMOJI.has(code)) throw badRequest('Invalid emoji code.');
      if (name !== code) throw badRequest('Invalid emoji name.');
      return type;
    case 'unicode_emoji':
      if (!catalog.unicode.codes.has(code)) throw badRequest('Invalid emoji code.');
      if (catalog.unicode.nameToCode.get(name) !== code) throw badRequest('Invalid emoji name.');
      return type;
    default:
      throw badRequest('Invalid emoji type.');
  }
}

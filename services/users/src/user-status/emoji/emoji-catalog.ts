import type { EmojiCatalog } from './check-emoji';
import { unicodeEmoji } from './unicode-emoji';

/**
 * The emoji a status may use: Unicode, Zulip's extra ones, and the organization's custom emoji.
 * There is no custom emoji feature yet, so that set is empty (`realm_emoji` is always
 * `Invalid custom emoji.`); when it comes, its projection feeds `custom` here.
 */
export const emojiCatalog = (): EmojiCatalog => ({ unicode: unicodeEmoji(), custom: new Map() });

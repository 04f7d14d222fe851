import type { ReactionType } from '@zulip-es/contracts';
import { unicodeEmoji } from './unicode-emoji';

/** A custom emoji of the organization; its code is its id. */
export interface CustomEmoji {
  id: string;
  name: string;
  deactivated: boolean;
}

/** Custom emoji by id (its `emoji_code`). */
export type CustomEmojiById = ReadonlyMap<string, CustomEmoji>;

/** Zulip's emoji outside Unicode, whose code is their name. */
export const ZULIP_EXTRA_EMOJI: ReadonlySet<string> = new Set(['zulip']);

export interface ResolvedEmoji {
  emojiCode: string;
  reactionType: ReactionType;
}

/**
 * Zulip's `get_emoji_data`: the code and type of a name when a client sent only the name. An
 * active custom emoji wins over Zulip's and Unicode's of the same name; undefined when none has it
 * (Zulip: `Emoji 'name' does not exist`).
 */
export function emojiByName(name: string, custom: CustomEmojiById): ResolvedEmoji | undefined {
  for (const emoji of custom.values()) {
    if (emoji.name === name && !emoji.deactivated) return { emojiCode: emoji.id, reactionType: 'realm_emoji' };
  }
  if (ZULIP_EXTRA_EMOJI.has(name)) return { emojiCode: name, reactionType: 'zulip_extra_emoji' };
  const code = unicodeEmoji().nameToCode.get(name);
  return code === undefined ? undefined : { emojiCode: code, reactionType: 'unicode_emoji' };
}

export const noSuchEmoji = (name: string): string => `Emoji '${name}' does not exist`;

/**
 * Zulip's `check_emoji_request`: what is wrong with a name, code and type that must agree, or
 * undefined when they do. A deactivated custom emoji is refused here; reactions let a user join
 * one that others already gave, before this check.
 */
export function emojiRequestProblem(name: string, code: string, type: string, custom: CustomEmojiById): string | undefined {
  switch (type) {
    case 'realm_emoji': {
      const emoji = custom.get(code);
      if (!emoji) return 'Invalid custom emoji.';
      if (emoji.name !== name) return 'Invalid custom emoji name.';
      if (emoji.deactivated) return 'This custom emoji has been deactivated.';
      return undefined;
    }
    case 'zulip_extra_emoji':
      if (!ZULIP_EXTRA_EMOJI.has(code)) return 'Invalid emoji code.';
      if (name !== code) return 'Invalid emoji name.';
      return undefined;
    case 'unicode_emoji': {
      const names = unicodeEmoji().codeToNames.get(code);
      if (!names) return 'Invalid emoji code.';
      if (!names.includes(name)) return 'Invalid emoji name.';
      return undefined;
    }
    default:
      return 'Invalid emoji type.';
  }
}

export type EmojiRequest = { ok: true; emoji: ResolvedEmoji } | { ok: false; problem: string };

/**
 * A request's emoji as Zulip reads it: the code and type the client sent, a name's own for those
 * it left out, and then the three checked together.
 */
export function resolveEmojiRequest(
  name: string,
  code: string | undefined,
  type: string | undefined,
  custom: CustomEmojiById,
): EmojiRequest {
  const looked = code === undefined || type === undefined ? emojiByName(name, custom) : undefined;
  const emojiCode = code ?? looked?.emojiCode;
  const reactionType = type ?? looked?.reactionType;
  if (emojiCode === undefined || reactionType === undefined) return { ok: false, problem: noSuchEmoji(name) };
  const problem = emojiRequestProblem(name, emojiCode, reactionType, custom);
  return problem === undefined ? { ok: true, emoji: { emojiCode, reactionType: reactionType as ReactionType } } : { ok: false, problem };
}

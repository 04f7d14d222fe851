import type { UsersEvent } from '@zulip-es/contracts';
import { evolveCustomEmojiList, type CustomEmojiRecord } from '@zulip-es/zulip-emoji';

/** Every custom emoji of the organization, deactivated ones too, and the last id given (ids are not reused). */
export interface CustomEmojiState {
  emoji: CustomEmojiRecord[];
  lastEmojiId: number;
  version: number;
}

export const CUSTOM_EMOJI_AGGREGATE = 'custom_emoji';

export const noCustomEmoji = (): CustomEmojiState => ({ emoji: [], lastEmojiId: 0, version: 0 });

export type CustomEmojiEvent = Extract<UsersEvent, { type: `custom_emoji.${string}` }>;

/** Pure: the list after `event`. */
export function evolveCustomEmoji(state: CustomEmojiState, event: CustomEmojiEvent, sequence: number): CustomEmojiState {
  const lastEmojiId = event.type === 'custom_emoji.added.v1' ? Math.max(state.lastEmojiId, event.data.emojiId) : state.lastEmojiId;
  return { emoji: evolveCustomEmojiList(state.emoji, event), lastEmojiId, version: sequence };
}

/** The active emoji of a name (at most one: names are unique among active emoji). */
export const activeNamed = (state: CustomEmojiState, name: string): CustomEmojiRecord | undefined =>
  state.emoji.find((e) => e.name === name && !e.deactivated);

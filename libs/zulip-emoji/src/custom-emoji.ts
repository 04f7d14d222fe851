import type { CustomEmojiAddedV1, CustomEmojiDeactivatedV1 } from '@zulip-es/contracts';

/**
 * Where a custom emoji's images live, in the uploads bucket and as URLs, as Zulip lays them out:
 * `<realm>/emoji/images/<file>` (64×64), `<file>.original` (the upload as it came) and, for an
 * animated emoji, `still/<file without extension>.png`. The URLs are relative to the organization
 * and served without credentials (Zulip's `/user_avatars/`): the file name is unguessable.
 */
export const CUSTOM_EMOJI_URL_PREFIX = '/user_avatars/';

export interface CustomEmojiRecord {
  emojiId: number;
  name: string;
  fileName: string;
  isAnimated: boolean;
  deactivated: boolean;
  authorId: number | null;
}

const withoutExtension = (fileName: string): string => fileName.replace(/\.[^.]*$/, '');

export const customEmojiKeys = (realmId: number, fileName: string) => ({
  image: `${realmId}/emoji/images/${fileName}`,
  original: `${realmId}/emoji/images/${fileName}.original`,
  still: `${realmId}/emoji/images/still/${withoutExtension(fileName)}.png`,
});

/** Whether a bucket key is a custom emoji's (served publicly, never collected as an orphan upload). */
export const isCustomEmojiKey = (key: string): boolean => /^\d+\/emoji\//.test(key);

/** Zulip's `EmojiInfo`: GET /realm/emoji, `realm_emoji` in POST /register and in its events. */
export function customEmojiView(realmId: number, emoji: CustomEmojiRecord) {
  const keys = customEmojiKeys(realmId, emoji.fileName);
  return {
    id: String(emoji.emojiId),
    name: emoji.name,
    source_url: `${CUSTOM_EMOJI_URL_PREFIX}${keys.image}`,
    deactivated: emoji.deactivated,
    author_id: emoji.authorId,
    still_url: emoji.isAnimated ? `${CUSTOM_EMOJI_URL_PREFIX}${keys.still}` : null,
  };
}

/** The organization's custom emoji by id, as clients receive them. */
export const customEmojiDict = (realmId: number, emoji: readonly CustomEmojiRecord[]) =>
  Object.fromEntries(emoji.map((e) => [String(e.emojiId), customEmojiView(realmId, e)]));

/** What reactions and statuses check a custom emoji against. */
export const customEmojiById = (emoji: readonly CustomEmojiRecord[]) =>
  new Map(emoji.map((e) => [String(e.emojiId), { id: String(e.emojiId), name: e.name, deactivated: e.deactivated }]));

/** Pure: the organization's custom emoji after one of their events (each id once, in the order added). */
export function evolveCustomEmojiList(
  emoji: readonly CustomEmojiRecord[],
  event: CustomEmojiAddedV1 | CustomEmojiDeactivatedV1,
): CustomEmojiRecord[] {
  switch (event.type) {
    case 'custom_emoji.added.v1': {
      const { emojiId, name, fileName, isAnimated, authorId } = event.data;
      return [...emoji.filter((e) => e.emojiId !== emojiId), { emojiId, name, fileName, isAnimated, deactivated: false, authorId }];
    }
    case 'custom_emoji.deactivated.v1':
      return emoji.map((e) => (e.emojiId === event.data.emojiId ? { ...e, deactivated: true } : e));
    default: {
      const unexpected: never = event;
      throw new Error(`not a custom emoji event: ${JSON.stringify(unexpected)}`);
    }
  }
}

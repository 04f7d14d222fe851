import { z } from 'zod';
import { UserId } from '../user-fields';

/**
 * A custom emoji was added to the organization: its images are stored under
 * `<realmId>/emoji/images/<fileName>` (64×64), the upload as it came beside it
 * (`<fileName>.original`), and for an animated one a still PNG under
 * `<realmId>/emoji/images/still/<fileName without extension>.png`.
 */
export const CustomEmojiAddedV1 = z.object({
  type: z.literal('custom_emoji.added.v1'),
  data: z.object({
    /** Its `emoji_code` in reactions and statuses. */
    emojiId: z.number().int().positive(),
    name: z.string(),
    fileName: z.string(),
    isAnimated: z.boolean(),
    authorId: UserId,
  }),
});
export type CustomEmojiAddedV1 = z.infer<typeof CustomEmojiAddedV1>;

/** A custom emoji was deactivated: it stays listed, existing reactions keep it, its name is free again. */
export const CustomEmojiDeactivatedV1 = z.object({
  type: z.literal('custom_emoji.deactivated.v1'),
  data: z.object({ emojiId: z.number().int().positive(), name: z.string() }),
});
export type CustomEmojiDeactivatedV1 = z.infer<typeof CustomEmojiDeactivatedV1>;

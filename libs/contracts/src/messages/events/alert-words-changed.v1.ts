import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/**
 * A user's alert words changed: `alertWords` is the whole list after the change (a user's own
 * short list, as Zulip's `alert_words` event carries it), in the order they were added. Messages
 * sent later that contain one of them get the `has_alert_word` flag for the user.
 * Aggregate `alert_words:<userId>`.
 */
export const AlertWordsChangedV1 = z.object({
  type: z.literal('alert_words.changed.v1'),
  data: z.object({
    userId: UserId,
    alertWords: z.array(z.string()),
  }),
});
export type AlertWordsChangedV1 = z.infer<typeof AlertWordsChangedV1>;

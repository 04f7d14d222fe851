import { z } from 'zod';
import { DraftOwner } from '../draft';

/**
 * Every draft of the user was removed because they turned `enable_drafts_synchronization` off
 * (Zulip deletes them without a `drafts` remove event per draft). `userSequence` is the sequence
 * of that `user.settings_changed.v1` in the `user:<id>` aggregate on `users.events`: a later
 * decision knows from it that this turning-off has been applied.
 */
export const DraftsClearedV1 = z.object({
  type: z.literal('drafts.cleared.v1'),
  data: z.object({ ...DraftOwner, draftIds: z.array(z.number().int().positive()), userSequence: z.number().int().positive() }),
});
export type DraftsClearedV1 = z.infer<typeof DraftsClearedV1>;

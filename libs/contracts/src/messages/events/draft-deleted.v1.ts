import { z } from 'zod';
import { DraftOwner } from '../draft';

/** The user deleted one of their drafts. */
export const DraftDeletedV1 = z.object({
  type: z.literal('draft.deleted.v1'),
  data: z.object({ ...DraftOwner, draftId: z.number().int().positive() }),
});
export type DraftDeletedV1 = z.infer<typeof DraftDeletedV1>;

import { z } from 'zod';
import { DraftOwner, StoredDraft } from '../draft';

/** The user replaced one of their drafts (same id, every other field new). */
export const DraftEditedV1 = z.object({
  type: z.literal('draft.edited.v1'),
  data: z.object({ ...DraftOwner, draft: StoredDraft }),
});
export type DraftEditedV1 = z.infer<typeof DraftEditedV1>;

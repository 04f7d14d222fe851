import { z } from 'zod';
import { DraftOwner, StoredDraft } from '../draft';

/** The user saved a new draft (POST /drafts sends one event per draft, in the order given). */
export const DraftCreatedV1 = z.object({
  type: z.literal('draft.created.v1'),
  data: z.object({ ...DraftOwner, draft: StoredDraft }),
});
export type DraftCreatedV1 = z.infer<typeof DraftCreatedV1>;

import { z } from 'zod';
import { UserId } from '../user-fields';

/** A user deleted a saved snippet. */
export const SavedSnippetDeletedV1 = z.object({
  type: z.literal('saved_snippet.deleted.v1'),
  data: z.object({ userId: UserId, savedSnippetId: z.number().int().positive() }),
});
export type SavedSnippetDeletedV1 = z.infer<typeof SavedSnippetDeletedV1>;

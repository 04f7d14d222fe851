import { z } from 'zod';
import { UserId } from '../user-fields';

/** A user changed a saved snippet's title, content or both; the snippet as it now is. */
export const SavedSnippetEditedV1 = z.object({
  type: z.literal('saved_snippet.edited.v1'),
  data: z.object({
    userId: UserId,
    savedSnippetId: z.number().int().positive(),
    title: z.string(),
    content: z.string(),
    /** ISO 8601: when it was created. */
    dateCreated: z.string(),
  }),
});
export type SavedSnippetEditedV1 = z.infer<typeof SavedSnippetEditedV1>;

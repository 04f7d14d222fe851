import { z } from 'zod';
import { UserId } from '../user-fields';

/** A user saved a snippet (`POST /saved_snippets`); `savedSnippetId` is unique in the organization. */
export const SavedSnippetCreatedV1 = z.object({
  type: z.literal('saved_snippet.created.v1'),
  data: z.object({
    userId: UserId,
    savedSnippetId: z.number().int().positive(),
    title: z.string(),
    content: z.string(),
    /** ISO 8601. */
    dateCreated: z.string(),
  }),
});
export type SavedSnippetCreatedV1 = z.infer<typeof SavedSnippetCreatedV1>;

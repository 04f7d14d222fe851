import { z } from 'zod';
import { UserId } from '../user-fields';

/** A saved snippet whole: what creating and editing one tell. */
export const SavedSnippetData = z.object({
  userId: UserId,
  /** Unique in the organization (`userId × 2^30 + n` for the user's n-th snippet). */
  savedSnippetId: z.number().int().positive(),
  title: z.string(),
  content: z.string(),
  /** ISO 8601: when it was created. */
  dateCreated: z.string(),
});

/** A user saved a snippet (`POST /saved_snippets`). */
export const SavedSnippetCreatedV1 = z.object({
  type: z.literal('saved_snippet.created.v1'),
  data: SavedSnippetData,
});
export type SavedSnippetCreatedV1 = z.infer<typeof SavedSnippetCreatedV1>;

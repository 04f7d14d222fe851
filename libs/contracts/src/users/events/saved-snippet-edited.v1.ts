import { z } from 'zod';
import { SavedSnippetData } from './saved-snippet-created.v1';

/** A user changed a saved snippet's title, content or both; the snippet as it now is. */
export const SavedSnippetEditedV1 = z.object({
  type: z.literal('saved_snippet.edited.v1'),
  data: SavedSnippetData,
});
export type SavedSnippetEditedV1 = z.infer<typeof SavedSnippetEditedV1>;

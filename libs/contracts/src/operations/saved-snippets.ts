import { z } from 'zod';
import { MAX_MESSAGE_LENGTH, MAX_SAVED_SNIPPET_TITLE_LENGTH } from '../limits';
import { EmptyReply, SavedSnippetReply, idReply } from './replies';
import { defineOperation } from './operation';

/** Zulip strips both and refuses them blank (`StringConstraints(strip_whitespace, min_length=1)`). */
const Title = z.string().trim().min(1).max(MAX_SAVED_SNIPPET_TITLE_LENGTH);
const Content = z.string().trim().min(1).max(MAX_MESSAGE_LENGTH);
const SnippetId = { saved_snippet_id: z.int() };

/** GET /saved_snippets: the caller's saved snippets, in the order they were created. */
export const getSavedSnippets = defineOperation({
  type: 'saved_snippet.list',
  method: 'GET',
  path: '/saved_snippets',
  service: 'users',
  kind: 'query',
  auth: 'user',
  params: z.object({}),
  reply: z.strictObject({ saved_snippets: z.array(SavedSnippetReply) }),
  key: 'actor',
});

/** POST /saved_snippets: answers the new snippet's `saved_snippet_id`. */
export const createSavedSnippet = defineOperation({
  type: 'saved_snippet.create',
  method: 'POST',
  path: '/saved_snippets',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({ title: Title, content: Content }),
  reply: idReply('saved_snippet_id'),
  key: 'actor',
});

/** PATCH /saved_snippets/{saved_snippet_id}: a new title, new content, or both. */
export const editSavedSnippet = defineOperation({
  type: 'saved_snippet.edit',
  method: 'PATCH',
  path: '/saved_snippets/{saved_snippet_id}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({ ...SnippetId, title: Title.optional(), content: Content.optional() }),
  reply: EmptyReply,
  key: 'actor',
});

/** DELETE /saved_snippets/{saved_snippet_id}. */
export const deleteSavedSnippet = defineOperation({
  type: 'saved_snippet.delete',
  method: 'DELETE',
  path: '/saved_snippets/{saved_snippet_id}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object(SnippetId),
  reply: EmptyReply,
  key: 'actor',
});

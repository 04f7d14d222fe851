import type { SavedSnippetCreatedV1 } from '@zulip-es/contracts';
import { toOwner, type ClientEventsOf } from './client-event';

/** Zulip's `SavedSnippet.to_api_dict`. */
const snippetDict = ({ savedSnippetId, title, content, dateCreated }: SavedSnippetCreatedV1['data']) => ({
  id: savedSnippetId,
  title,
  content,
  date_created: Math.floor(Date.parse(dateCreated) / 1000),
});

export const savedSnippetCreated: ClientEventsOf<'saved_snippet.created.v1'> = ({ data }) =>
  toOwner(data.userId, { type: 'saved_snippets', op: 'add', saved_snippet: snippetDict(data) });

export const savedSnippetEdited: ClientEventsOf<'saved_snippet.edited.v1'> = ({ data }) =>
  toOwner(data.userId, { type: 'saved_snippets', op: 'update', saved_snippet: snippetDict(data) });

export const savedSnippetDeleted: ClientEventsOf<'saved_snippet.deleted.v1'> = ({ data }) =>
  toOwner(data.userId, { type: 'saved_snippets', op: 'remove', saved_snippet_id: data.savedSnippetId });

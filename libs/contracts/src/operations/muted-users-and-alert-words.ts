import { z } from 'zod';
import { MAX_ALERT_WORD_LENGTH, MAX_ALERT_WORDS_PER_USER } from '../limits';
import { EmptyReply } from './replies';
import { defineOperation } from './operation';

const AlertWordsReply = z.strictObject({ alert_words: z.array(z.string()) });

/** POST /users/me/muted_users/{muted_user_id}: the caller mutes a user (their messages reach them read). */
export const muteUser = defineOperation({
  type: 'muted_user.add',
  method: 'POST',
  path: '/users/me/muted_users/{muted_user_id}',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ muted_user_id: z.int() }),
  reply: EmptyReply,
  key: 'actor',
});

/** DELETE /users/me/muted_users/{muted_user_id}. */
export const unmuteUser = defineOperation({
  type: 'muted_user.remove',
  method: 'DELETE',
  path: '/users/me/muted_users/{muted_user_id}',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ muted_user_id: z.int() }),
  reply: EmptyReply,
  key: 'actor',
});

/** GET /users/me/alert_words → `{alert_words}`. */
export const getAlertWords = defineOperation({
  type: 'alert_words.list',
  method: 'GET',
  path: '/users/me/alert_words',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({}),
  reply: AlertWordsReply,
  key: 'actor',
});

/** Zulip's `StringConstraints(max_length=MAX_ALERT_WORD_LENGTH)` for added words; removed ones are matched as given. */
const AddedWords = z.array(z.string().max(MAX_ALERT_WORD_LENGTH)).max(MAX_ALERT_WORDS_PER_USER);
const RemovedWords = z.array(z.string().max(MAX_ALERT_WORD_LENGTH * 10)).max(MAX_ALERT_WORDS_PER_USER);

/** POST /users/me/alert_words: adds words (case-insensitively new ones) → `{alert_words}`, the whole list. */
export const addAlertWords = defineOperation({
  type: 'alert_words.add',
  method: 'POST',
  path: '/users/me/alert_words',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ alert_words: AddedWords }),
  reply: AlertWordsReply,
  key: 'actor',
});

/** DELETE /users/me/alert_words: removes words (matched without case) → `{alert_words}`. */
export const removeAlertWords = defineOperation({
  type: 'alert_words.remove',
  method: 'DELETE',
  path: '/users/me/alert_words',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ alert_words: RemovedWords }),
  reply: AlertWordsReply,
  key: 'actor',
});

import { z } from 'zod';
import { MAX_EMOJI_NAME_LENGTH } from '../limits';
import { EmptyReply, RealmEmojiReply } from './replies';
import { defineOperation } from './operation';

/** Custom emoji are one organization-wide list, decided on key `realm`: names are unique among active ones. */

const EmojiNamed = z.object({ emoji_name: z.string().max(MAX_EMOJI_NAME_LENGTH) });

/** GET /realm/emoji: every custom emoji by id, deactivated ones included. */
export const getCustomEmoji = defineOperation({
  type: 'custom_emoji.list',
  method: 'GET',
  path: '/realm/emoji',
  service: 'users',
  kind: 'query',
  auth: 'user',
  params: z.object({}),
  reply: z.strictObject({ emoji: z.record(z.string(), RealmEmojiReply) }),
  key: 'actor',
});

/** POST /realm/emoji/{emoji_name}: one image file, resized to Zulip's 64×64 by the users service. */
export const addCustomEmoji = defineOperation({
  type: 'custom_emoji.add',
  method: 'POST',
  path: '/realm/emoji/{emoji_name}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: EmojiNamed,
  reply: EmptyReply,
  key: 'realm',
  takesFile: true,
  consumesFile: true,
  oneFileMessage: 'You must upload exactly one file.',
});

/** DELETE /realm/emoji/{emoji_name}: deactivates the active emoji of that name (its author or an administrator). */
export const deactivateCustomEmoji = defineOperation({
  type: 'custom_emoji.deactivate',
  method: 'DELETE',
  path: '/realm/emoji/{emoji_name}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: EmojiNamed,
  reply: EmptyReply,
  key: 'realm',
});

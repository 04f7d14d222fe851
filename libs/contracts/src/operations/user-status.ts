import { z } from 'zod';
import { MAX_IDENTIFIER_LENGTH, MAX_STATUS_TEXT_LENGTH, TEXT_INPUT_FACTOR } from '../limits';
import { UserId } from '../users/user-fields';
import { EmptyReply, UserStatusReply } from './replies';
import { defineOperation } from './operation';

/**
 * Zulip strips `status_text` before checking its length, and counts code points (Python's `len`),
 * so an emoji counts once.
 */
const StatusText = z
  .string()
  .max(MAX_STATUS_TEXT_LENGTH * TEXT_INPUT_FACTOR)
  .trim()
  .refine((text) => [...text].length <= MAX_STATUS_TEXT_LENGTH, {
    message: `status_text is too long (limit: ${MAX_STATUS_TEXT_LENGTH} characters)`,
  });

/** The fields both status endpoints take; each absent field is left as it is. */
const statusFields = {
  status_text: StatusText.optional(),
  emoji_name: z.string().max(MAX_IDENTIFIER_LENGTH).optional(),
  emoji_code: z.string().max(MAX_IDENTIFIER_LENGTH).optional(),
  reaction_type: z.string().max(MAX_IDENTIFIER_LENGTH).optional(),
};

/**
 * POST /users/me/status (E8, self). `away` is Zulip's legacy spelling of `!presence_enabled`.
 * Keyed by the caller, so both status endpoints write `user_status:<id>` under key `user:<id>`.
 */
export const updateOwnStatus = defineOperation({
  type: 'user_status.update_own',
  method: 'POST',
  path: '/users/me/status',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({ ...statusFields, away: z.boolean().optional() }),
  reply: EmptyReply,
  key: 'actor',
});

/**
 * POST /users/{user_id}/status (E8): an administrator sets another user's status. Not `minRole`:
 * Zulip looks the target up first (`No such user`) and only then refuses non-administrators
 * with `Insufficient permission`.
 */
export const updateUserStatus = defineOperation({
  type: 'user_status.update_for_user',
  method: 'POST',
  path: '/users/{user_id}/status',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({ user_id: UserId, ...statusFields }),
  reply: EmptyReply,
  key: { param: 'user_id', prefix: 'user' },
});

/** GET /users/{user_id}/status: the status a user has set (`{}` when none). */
export const getUserStatus = defineOperation({
  type: 'user_status.get',
  method: 'GET',
  path: '/users/{user_id}/status',
  service: 'users',
  kind: 'query',
  auth: 'user',
  params: z.object({ user_id: UserId }),
  reply: z.strictObject({ status: UserStatusReply }),
  key: 'actor',
});

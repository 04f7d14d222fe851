import { z } from 'zod';
import { MAX_IDS_PER_REQUEST, TEXT_INPUT_FACTOR } from '../limits';
import { Role } from '../roles';
import { Email, FullName, Password, RoleSchema, UserId } from '../users/user-fields';
import { EmptyReply, OwnUserReply, UserReply, idReply } from './replies';
import { defineOperation } from './operation';

const listFlags = {
  client_gravatar: z.boolean().default(true),
  include_custom_profile_fields: z.boolean().default(false),
};

/** GET /users/me (E15): the caller's own record. */
export const getOwnUser = defineOperation({
  type: 'user.get_own',
  method: 'GET',
  path: '/users/me',
  service: 'users',
  kind: 'query',
  auth: 'user',
  params: z.object({}),
  reply: OwnUserReply,
  key: 'actor',
});

/** GET /users: every user the caller may see. */
export const getUsers = defineOperation({
  type: 'user.list',
  method: 'GET',
  path: '/users',
  service: 'users',
  kind: 'query',
  auth: 'user',
  params: z.object({ ...listFlags, user_ids: z.array(z.int()).max(MAX_IDS_PER_REQUEST).optional() }),
  reply: z.strictObject({ members: z.array(UserReply) }),
  key: 'actor',
});

/** GET /users/{user_id}. */
export const getUser = defineOperation({
  type: 'user.get',
  method: 'GET',
  path: '/users/{user_id}',
  service: 'users',
  kind: 'query',
  auth: 'user',
  params: z.object({ user_id: z.int(), ...listFlags }),
  reply: z.strictObject({ user: UserReply }),
  key: 'actor',
});

/**
 * GET /users/{email}: by the real email (when the target's email visibility lets the caller see
 * it) or by the dummy API email `user{id}@{realm host}`.
 */
export const getUserByEmail = defineOperation({
  type: 'user.get_by_email',
  method: 'GET',
  path: '/users/{email}',
  service: 'users',
  kind: 'query',
  auth: 'user',
  params: z.object({ email: Email, ...listFlags }),
  reply: z.strictObject({ user: UserReply }),
  key: 'actor',
});

/** POST /users: an administrator creates an account. */
export const createUser = defineOperation({
  type: 'user.create',
  method: 'POST',
  path: '/users',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ email: Email, password: Password, full_name: FullName }),
  reply: idReply('user_id'),
  key: 'realm',
});

/** DELETE /users/{user_id}: deactivate an account. */
export const deactivateUser = defineOperation({
  type: 'user.deactivate',
  method: 'DELETE',
  path: '/users/{user_id}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ user_id: UserId, deactivation_notification_comment: z.string().max(2000).optional() }),
  reply: EmptyReply,
  key: 'realm',
});

/** DELETE /users/me: deactivate one's own account. */
export const deactivateOwnUser = defineOperation({
  type: 'user.deactivate_own',
  method: 'DELETE',
  path: '/users/me',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({}),
  reply: EmptyReply,
  key: 'realm',
});

/** POST /users/{user_id}/reactivate. */
export const reactivateUser = defineOperation({
  type: 'user.reactivate',
  method: 'POST',
  path: '/users/{user_id}/reactivate',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ user_id: UserId }),
  reply: EmptyReply,
  key: 'realm',
});

/**
 * The longest value a profile field takes is a long text's 500 code points, checked per field type
 * by the users service (see TEXT_INPUT_FACTOR).
 */
const MAX_PROFILE_VALUE_INPUT_LENGTH = 500 * TEXT_INPUT_FACTOR;
/** A text, or the user ids of a user field. */
const ProfileValue = z.union([z.string().max(MAX_PROFILE_VALUE_INPUT_LENGTH), z.array(z.int()).max(MAX_IDS_PER_REQUEST)]);
/** Zulip's organizations have at most a few dozen profile fields. */
const MAX_PROFILE_FIELDS_PER_REQUEST = 1000;

/** One custom profile field value to set; an empty or null value clears the field. */
export const ProfileDataUpdate = z.object({ id: z.int(), value: ProfileValue.nullable() }).strict();

/** The body of `PATCH /users/{user_id}` and `PATCH /users/{email}` (E5). */
const updateUserBody = {
  full_name: FullName.optional(),
  role: RoleSchema.optional(),
  profile_data: z.array(ProfileDataUpdate).max(MAX_PROFILE_FIELDS_PER_REQUEST).optional(),
  new_email: Email.optional(),
};

/** PATCH /users/{user_id} (E5): an administrator changes another user. */
export const updateUser = defineOperation({
  type: 'user.update',
  method: 'PATCH',
  path: '/users/{user_id}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ user_id: UserId, ...updateUserBody }),
  reply: EmptyReply,
  key: 'realm',
});

/**
 * PATCH /users/{email} (E5): the same change, the user named by a real email the caller may see
 * or by the dummy `user<id>@<realm host without port>`. The gateway routes numeric path segments to
 * `/users/{user_id}` (integer path parameters match digits only), everything else here.
 */
export const updateUserByEmail = defineOperation({
  type: 'user.update_by_email',
  method: 'PATCH',
  path: '/users/{email}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ email: Email, ...updateUserBody }),
  reply: EmptyReply,
  key: 'realm',
});

/**
 * PATCH /users/me/profile_data: the caller sets their own values. Key `realm`: user aggregates
 * are written by realm-keyed commands only.
 */
export const updateOwnProfileData = defineOperation({
  type: 'user.update_own_profile_data',
  method: 'PATCH',
  path: '/users/me/profile_data',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({ data: z.array(ProfileDataUpdate.extend({ value: ProfileValue })).max(MAX_PROFILE_FIELDS_PER_REQUEST) }),
  reply: EmptyReply,
  key: 'realm',
});

/** DELETE /users/me/profile_data: the caller clears their own values of the listed fields. */
export const removeOwnProfileData = defineOperation({
  type: 'user.remove_own_profile_data',
  method: 'DELETE',
  path: '/users/me/profile_data',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({ data: z.array(z.int()).max(MAX_PROFILE_FIELDS_PER_REQUEST) }),
  reply: EmptyReply,
  key: 'realm',
});

import { z } from 'zod';
import { Role } from '../roles';
import { Email, FullName, Password, RoleSchema, UserId } from '../users/user-fields';
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
  params: z.object({ ...listFlags, user_ids: z.array(z.int()).optional() }),
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
  key: 'realm',
});

/** PATCH /users/{user_id}: full name and role for now (E5 completes it). */
export const updateUser = defineOperation({
  type: 'user.update',
  method: 'PATCH',
  path: '/users/{user_id}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ user_id: UserId, full_name: FullName.optional(), role: RoleSchema.optional() }),
  key: 'realm',
});

import {
  BOOTSTRAP_REALM,
  createUser,
  deactivateUser,
  fetchApiKey,
  getOwnUser,
  getRealmPresence,
  getServerSettings,
  getUser,
  getUsers,
  getUserStatus,
  reactivateUser,
  registerQueue,
  updateOwnStatus,
  updatePresence,
  updateUser,
  updateUserStatus,
} from '@zulip-es/contracts';
import type { HandlerRegistry } from '@zulip-es/platform';
import { bootstrapRealmHandler } from './bootstrap-realm/bootstrap-realm.handler';
import { createUserHandler } from './create-user/create-user.handler';
import { deactivateUserHandler } from './deactivate-user/deactivate-user.handler';
import { fetchApiKeyHandler } from './fetch-api-key/fetch-api-key.handler';
import { getOwnUserHandler } from './get-own-user/get-own-user.handler';
import { getUserHandler, getUsersHandler } from './get-users/get-users.handler';
import { getRealmPresenceHandler } from './presence/get-realm-presence/get-realm-presence.handler';
import { updatePresenceHandler } from './presence/update-presence/update-presence.handler';
import { reactivateUserHandler } from './reactivate-user/reactivate-user.handler';
import { registerHandler } from './register/register.handler';
import { serverSettingsHandler } from './server-settings/server-settings.handler';
import type { UsersDeps } from './shared/users-deps';
import { updateUserHandler } from './update-user/update-user.handler';
import { getUserStatusHandler } from './user-status/get-user-status/get-user-status.handler';
import { updateOwnStatusHandler, updateUserStatusHandler } from './user-status/update-user-status/update-user-status.handler';

/** Every message type the users service answers. */
export const usersHandlers = (deps: UsersDeps): HandlerRegistry => ({
  [BOOTSTRAP_REALM]: bootstrapRealmHandler(deps),
  [getServerSettings.type]: serverSettingsHandler(deps),
  [fetchApiKey.type]: fetchApiKeyHandler(deps),
  [registerQueue.type]: registerHandler(deps),
  [getOwnUser.type]: getOwnUserHandler(deps),
  [getUsers.type]: getUsersHandler(deps),
  [getUser.type]: getUserHandler(deps),
  [createUser.type]: createUserHandler(deps),
  [deactivateUser.type]: deactivateUserHandler(deps),
  [reactivateUser.type]: reactivateUserHandler(deps),
  [updateUser.type]: updateUserHandler(deps),
  [updateOwnStatus.type]: updateOwnStatusHandler(deps),
  [updateUserStatus.type]: updateUserStatusHandler(deps),
  [getUserStatus.type]: getUserStatusHandler(deps),
  [updatePresence.type]: updatePresenceHandler(deps),
  [getRealmPresence.type]: getRealmPresenceHandler(deps),
});

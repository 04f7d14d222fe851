import {
  BOOTSTRAP_REALM,
  createUser,
  deactivateUser,
  fetchApiKey,
  getOwnUser,
  getServerSettings,
  getUser,
  getUsers,
  reactivateUser,
  registerQueue,
  updateUser,
  createUserGroup,
  deactivateUserGroup,
  getIsUserGroupMember,
  getUserGroupMembers,
  getUserGroups,
  getUserGroupSubgroups,
  updateRealm,
  updateUserGroup,
  updateUserGroupMembers,
  updateUserGroupSubgroups,
} from '@zulip-es/contracts';
import type { HandlerRegistry } from '@zulip-es/platform';
import { bootstrapRealmHandler } from './bootstrap-realm/bootstrap-realm.handler';
import { createUserHandler } from './create-user/create-user.handler';
import { deactivateUserHandler } from './deactivate-user/deactivate-user.handler';
import { fetchApiKeyHandler } from './fetch-api-key/fetch-api-key.handler';
import { getOwnUserHandler } from './get-own-user/get-own-user.handler';
import { getUserHandler, getUsersHandler } from './get-users/get-users.handler';
import { reactivateUserHandler } from './reactivate-user/reactivate-user.handler';
import { registerHandler } from './register/register.handler';
import { serverSettingsHandler } from './server-settings/server-settings.handler';
import type { UsersDeps } from './shared/users-deps';
import { updateRealmHandler } from './update-realm/update-realm.handler';
import { updateUserHandler } from './update-user/update-user.handler';
import { createUserGroupHandler } from './user-groups/create-user-group/create-user-group.handler';
import { deactivateUserGroupHandler } from './user-groups/deactivate-user-group/deactivate-user-group.handler';
import {
  getIsUserGroupMemberHandler,
  getUserGroupMembersHandler,
  getUserGroupsHandler,
  getUserGroupSubgroupsHandler,
} from './user-groups/read-user-groups/read-user-groups.handler';
import { updateUserGroupHandler } from './user-groups/update-user-group/update-user-group.handler';
import { updateUserGroupMembersHandler } from './user-groups/update-user-group-members/update-user-group-members.handler';
import { updateUserGroupSubgroupsHandler } from './user-groups/update-user-group-subgroups/update-user-group-subgroups.handler';

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
  [updateRealm.type]: updateRealmHandler(deps),
  [createUserGroup.type]: createUserGroupHandler(deps),
  [getUserGroups.type]: getUserGroupsHandler(deps),
  [updateUserGroup.type]: updateUserGroupHandler(deps),
  [updateUserGroupMembers.type]: updateUserGroupMembersHandler(deps),
  [updateUserGroupSubgroups.type]: updateUserGroupSubgroupsHandler(deps),
  [getIsUserGroupMember.type]: getIsUserGroupMemberHandler(deps),
  [getUserGroupMembers.type]: getUserGroupMembersHandler(deps),
  [getUserGroupSubgroups.type]: getUserGroupSubgroupsHandler(deps),
  [deactivateUserGroup.type]: deactivateUserGroupHandler(deps),
});

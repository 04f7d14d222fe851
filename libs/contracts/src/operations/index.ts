import { fetchApiKey } from './auth';
import type { Operation } from './operation';
import { updateRealm } from './realm';
import { getServerSettings, registerQueue } from './server';
import {
  createUserGroup,
  deactivateUserGroup,
  getIsUserGroupMember,
  getUserGroupMembers,
  getUserGroups,
  getUserGroupSubgroups,
  updateUserGroup,
  updateUserGroupMembers,
  updateUserGroupSubgroups,
} from './user-groups';
import { createUser, deactivateUser, getOwnUser, getUser, getUsers, reactivateUser, updateUser } from './users';

export * from './auth';
export * from './operation';
export * from './realm';
export * from './server';
export * from './user-groups';
export * from './users';

/** The REST API this server implements; the gateway serves exactly these. */
export const OPERATIONS: readonly Operation[] = [
  getServerSettings,
  fetchApiKey,
  registerQueue,
  getOwnUser,
  getUsers,
  getUser,
  createUser,
  deactivateUser,
  reactivateUser,
  updateUser,
  updateRealm,
  createUserGroup,
  getUserGroups,
  updateUserGroup,
  updateUserGroupMembers,
  updateUserGroupSubgroups,
  getIsUserGroupMember,
  getUserGroupMembers,
  getUserGroupSubgroups,
  deactivateUserGroup,
];

import { fetchApiKey } from './auth';
import type { Operation } from './operation';
import { getRealmPresence, updatePresence } from './presence';
import { getServerSettings, registerQueue } from './server';
import { createUser, deactivateUser, getOwnUser, getUser, getUsers, reactivateUser, updateUser } from './users';
import { getUserStatus, updateOwnStatus, updateUserStatus } from './user-status';

export * from './auth';
export * from './operation';
export * from './server';
export * from './users';
export * from './user-status';
export * from './presence';

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
  updateOwnStatus,
  updateUserStatus,
  getUserStatus,
  updatePresence,
  getRealmPresence,
];

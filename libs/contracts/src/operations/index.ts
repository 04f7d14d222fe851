import { fetchApiKey } from './auth';
import type { Operation } from './operation';
import { getServerSettings, registerQueue } from './server';
import {
  createCustomProfileField,
  deleteCustomProfileField,
  getCustomProfileFields,
  reorderCustomProfileFields,
  updateCustomProfileField,
} from './profile-fields';
import { createUser, deactivateUser, getOwnUser, getUser, getUsers, reactivateUser, updateUser } from './users';
import { removeOwnProfileData, updateOwnProfileData, updateUserByEmail } from './users';

export * from './auth';
export * from './operation';
export * from './server';
export * from './users';
export * from './profile-fields';

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
  updateUserByEmail,
  updateOwnProfileData,
  removeOwnProfileData,
  getCustomProfileFields,
  createCustomProfileField,
  updateCustomProfileField,
  deleteCustomProfileField,
  reorderCustomProfileFields,
];

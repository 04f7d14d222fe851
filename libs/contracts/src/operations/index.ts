import { fetchApiKey } from './auth';
import { acceptInvite, getInvites, resendInvite, revokeInvite, sendInvites } from './invites';
import type { Operation } from './operation';
import { getServerSettings, registerQueue } from './server';
import { createUser, deactivateUser, getOwnUser, getUser, getUsers, reactivateUser, updateUser } from './users';

export * from './auth';
export * from './invites';
export * from './operation';
export * from './server';
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
  sendInvites,
  getInvites,
  revokeInvite,
  resendInvite,
  acceptInvite,
];

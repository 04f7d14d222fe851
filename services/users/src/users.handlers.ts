import {
  acceptInvite,
  getInvites,
  resendInvite,
  revokeInvite,
  sendInvites,
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
} from '@zulip-es/contracts';
import type { HandlerRegistry } from '@zulip-es/platform';
import { bootstrapRealmHandler } from './bootstrap-realm/bootstrap-realm.handler';
import { createUserHandler } from './create-user/create-user.handler';
import { deactivateUserHandler } from './deactivate-user/deactivate-user.handler';
import { fetchApiKeyHandler } from './fetch-api-key/fetch-api-key.handler';
import { getOwnUserHandler } from './get-own-user/get-own-user.handler';
import { getUserHandler, getUsersHandler } from './get-users/get-users.handler';
import { acceptInviteHandler } from './invites/accept-invite/accept-invite.handler';
import { NO_CHANNELS_YET } from './invites/channel-lookup';
import { getInvitesHandler } from './invites/get-invites/get-invites.handler';
import { resendInviteHandler } from './invites/resend-invite/resend-invite.handler';
import { revokeInviteHandler } from './invites/revoke-invite/revoke-invite.handler';
import { sendInvitesHandler } from './invites/send-invites/send-invites.handler';
import { reactivateUserHandler } from './reactivate-user/reactivate-user.handler';
import { registerHandler } from './register/register.handler';
import { serverSettingsHandler } from './server-settings/server-settings.handler';
import type { UsersDeps } from './shared/users-deps';
import { updateUserHandler } from './update-user/update-user.handler';

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
  [sendInvites.type]: sendInvitesHandler(deps, NO_CHANNELS_YET),
  [getInvites.type]: getInvitesHandler(deps),
  [revokeInvite.type]: revokeInviteHandler(deps),
  [resendInvite.type]: resendInviteHandler(deps),
  [acceptInvite.type]: acceptInviteHandler(deps),
});

import {
  addLinkifier,
  addNavigationView,
  acceptInvite,
  createInviteLink,
  getInvites,
  joinThroughInviteLink,
  resendInvite,
  revokeInvite,
  revokeInviteLink,
  sendInvites,
  BOOTSTRAP_REALM,
  createUser,
  deactivateOwnUser,
  deactivateUser,
  fetchApiKey,
  getLinkifiers,
  getNavigationViews,
  getOwnUser,
  getRealmPresence,
  getUserPresence,
  getServerSettings,
  getUser,
  getUserByEmail,
  getUsers,
  getUserStatus,
  reactivateUser,
  registerQueue,
  removeLinkifier,
  removeNavigationView,
  addCodePlayground,
  removeCodePlayground,
  createSavedSnippet,
  deleteSavedSnippet,
  editSavedSnippet,
  getSavedSnippets,
  getRealmExportConsents,
  reorderLinkifiers,
  updateLinkifier,
  getCustomEmoji,
  addCustomEmoji,
  deactivateCustomEmoji,
  updateNavigationView,
  updateUser,
  updateRealmUserSettingsDefaults,
  updateSettings,
} from '@zulip-es/contracts';
import {
  createCustomProfileField,
  deleteCustomProfileField,
  getCustomProfileFields,
  removeOwnProfileData,
  reorderCustomProfileFields,
  updateCustomProfileField,
  updateOwnProfileData,
  updateUserByEmail,
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
  updateOwnStatus,
  updatePresence,
  updateUserStatus,
} from '@zulip-es/contracts';
import type { HandlerRegistry } from '@zulip-es/platform';
import { bootstrapRealmHandler } from './bootstrap-realm/bootstrap-realm.handler';
import { createUserHandler } from './create-user/create-user.handler';
import { exportConsentsHandler } from './export-consents/export-consents';
import { deactivateOwnUserHandler, deactivateUserHandler } from './deactivate-user/deactivate-user.handler';
import { fetchApiKeyHandler } from './fetch-api-key/fetch-api-key.handler';
import { getOwnUserHandler } from './get-own-user/get-own-user.handler';
import { getUserByEmailHandler, getUserHandler, getUsersHandler } from './get-users/get-users.handler';
import { addLinkifierHandler } from './linkifiers/add-linkifier/add-linkifier.handler';
import { getLinkifiersHandler } from './linkifiers/get-linkifiers/get-linkifiers.handler';
import { removeLinkifierHandler } from './linkifiers/remove-linkifier/remove-linkifier.handler';
import { reorderLinkifiersHandler } from './linkifiers/reorder-linkifiers/reorder-linkifiers.handler';
import { updateLinkifierHandler } from './linkifiers/update-linkifier/update-linkifier.handler';
import { addCustomEmojiHandler } from './custom-emoji/add-custom-emoji/add-custom-emoji.handler';
import { deactivateCustomEmojiHandler } from './custom-emoji/deactivate-custom-emoji/deactivate-custom-emoji.handler';
import { getCustomEmojiHandler } from './custom-emoji/get-custom-emoji/get-custom-emoji.handler';
import { addNavigationViewHandler } from './navigation-views/add-navigation-view/add-navigation-view.handler';
import { getNavigationViewsHandler } from './navigation-views/get-navigation-views/get-navigation-views.handler';
import { removeNavigationViewHandler } from './navigation-views/remove-navigation-view/remove-navigation-view.handler';
import { updateNavigationViewHandler } from './navigation-views/update-navigation-view/update-navigation-view.handler';
import { addPlaygroundHandler } from './playgrounds/add-playground/add-playground.handler';
import { removePlaygroundHandler } from './playgrounds/remove-playground/remove-playground.handler';
import { createSavedSnippetHandler } from './saved-snippets/create-saved-snippet/create-saved-snippet.handler';
import { deleteSavedSnippetHandler } from './saved-snippets/delete-saved-snippet/delete-saved-snippet.handler';
import { editSavedSnippetHandler } from './saved-snippets/edit-saved-snippet/edit-saved-snippet.handler';
import { getSavedSnippetsHandler } from './saved-snippets/get-saved-snippets/get-saved-snippets.handler';
import { getRealmPresenceHandler } from './presence/get-realm-presence/get-realm-presence.handler';
import { getUserPresenceHandler } from './presence/get-user-presence/get-user-presence.handler';
import { updatePresenceHandler } from './presence/update-presence/update-presence.handler';
import { acceptInviteHandler } from './invites/accept-invite/accept-invite.handler';
import { getInvitesHandler } from './invites/get-invites/get-invites.handler';
import { resendInviteHandler } from './invites/resend-invite/resend-invite.handler';
import { revokeInviteHandler } from './invites/revoke-invite/revoke-invite.handler';
import { sendInvitesHandler } from './invites/send-invites/send-invites.handler';
import { createInviteLinkHandler } from './invites/create-invite-link/create-invite-link.handler';
import { revokeInviteLinkHandler } from './invites/revoke-invite-link/revoke-invite-link.handler';
import { joinThroughInviteLinkHandler } from './invites/join-invite-link/join-invite-link.handler';
import { reactivateUserHandler } from './reactivate-user/reactivate-user.handler';
import { registerHandler } from './register/register.handler';
import { serverSettingsHandler } from './server-settings/server-settings.handler';
import type { UsersDeps } from './shared/users-deps';
import { updateRealmUserSettingsDefaultsHandler } from './user-settings/update-realm-user-settings-defaults/update-realm-user-settings-defaults.handler';
import { updateSettingsHandler } from './user-settings/update-settings/update-settings.handler';
import { updateUserByEmailHandler, updateUserHandler } from './update-user/update-user.handler';
import { removeOwnProfileDataHandler, updateOwnProfileDataHandler } from './own-profile-data/own-profile-data.handler';
import { createProfileFieldHandler } from './profile-fields/create-profile-field/create-profile-field.handler';
import { deleteProfileFieldHandler } from './profile-fields/delete-profile-field/delete-profile-field.handler';
import { listProfileFieldsHandler } from './profile-fields/list-profile-fields/list-profile-fields.handler';
import { reorderProfileFieldsHandler } from './profile-fields/reorder-profile-fields/reorder-profile-fields.handler';
import { updateProfileFieldHandler } from './profile-fields/update-profile-field/update-profile-field.handler';
import { updateRealmHandler } from './update-realm/update-realm.handler';
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
  [getUserByEmail.type]: getUserByEmailHandler(deps),
  [createUser.type]: createUserHandler(deps),
  [deactivateUser.type]: deactivateUserHandler(deps),
  [deactivateOwnUser.type]: deactivateOwnUserHandler(deps),
  [reactivateUser.type]: reactivateUserHandler(deps),
  [updateUser.type]: updateUserHandler(deps),
  [updateRealmUserSettingsDefaults.type]: updateRealmUserSettingsDefaultsHandler(deps),
  [updateSettings.type]: updateSettingsHandler(deps),
  [getNavigationViews.type]: getNavigationViewsHandler(deps),
  [addNavigationView.type]: addNavigationViewHandler(deps),
  [updateNavigationView.type]: updateNavigationViewHandler(deps),
  [removeNavigationView.type]: removeNavigationViewHandler(deps),
  [getRealmExportConsents.type]: exportConsentsHandler(deps),
  [getSavedSnippets.type]: getSavedSnippetsHandler(deps),
  [createSavedSnippet.type]: createSavedSnippetHandler(deps),
  [editSavedSnippet.type]: editSavedSnippetHandler(deps),
  [deleteSavedSnippet.type]: deleteSavedSnippetHandler(deps),
  [addCodePlayground.type]: addPlaygroundHandler(deps),
  [removeCodePlayground.type]: removePlaygroundHandler(deps),
  [getLinkifiers.type]: getLinkifiersHandler(deps),
  [addLinkifier.type]: addLinkifierHandler(deps),
  [updateLinkifier.type]: updateLinkifierHandler(deps),
  [getCustomEmoji.type]: getCustomEmojiHandler(deps),
  [addCustomEmoji.type]: addCustomEmojiHandler(deps),
  [deactivateCustomEmoji.type]: deactivateCustomEmojiHandler(deps),
  [removeLinkifier.type]: removeLinkifierHandler(deps),
  [reorderLinkifiers.type]: reorderLinkifiersHandler(deps),
  [updateUserByEmail.type]: updateUserByEmailHandler(deps),
  [updateOwnProfileData.type]: updateOwnProfileDataHandler(deps),
  [removeOwnProfileData.type]: removeOwnProfileDataHandler(deps),
  [getCustomProfileFields.type]: listProfileFieldsHandler(deps),
  [createCustomProfileField.type]: createProfileFieldHandler(deps),
  [updateCustomProfileField.type]: updateProfileFieldHandler(deps),
  [deleteCustomProfileField.type]: deleteProfileFieldHandler(deps),
  [reorderCustomProfileFields.type]: reorderProfileFieldsHandler(deps),
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
  [updateOwnStatus.type]: updateOwnStatusHandler(deps),
  [updateUserStatus.type]: updateUserStatusHandler(deps),
  [getUserStatus.type]: getUserStatusHandler(deps),
  [updatePresence.type]: updatePresenceHandler(deps),
  [getRealmPresence.type]: getRealmPresenceHandler(deps),
  [getUserPresence.type]: getUserPresenceHandler(deps),
  [sendInvites.type]: sendInvitesHandler(deps),
  [getInvites.type]: getInvitesHandler(deps),
  [revokeInvite.type]: revokeInviteHandler(deps),
  [resendInvite.type]: resendInviteHandler(deps),
  [acceptInvite.type]: acceptInviteHandler(deps),
  [createInviteLink.type]: createInviteLinkHandler(deps),
  [revokeInviteLink.type]: revokeInviteLinkHandler(deps),
  [joinThroughInviteLink.type]: joinThroughInviteLinkHandler(deps),
});

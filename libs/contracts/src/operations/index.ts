import { fetchApiKey } from './auth';
import { createDrafts, deleteDraft, editDraft, getDrafts } from './drafts';
import {
  addDefaultStream,
  createChannel,
  getStreamById,
  getStreamId,
  getStreams,
  getSubscribers,
  getSubscriptions,
  removeDefaultStream,
  updateStream,
  archiveStream,
  getStreamEmailAddress,
  subscribe,
  unsubscribe,
  updateSubscriptions,
} from './channels';
import { getSubscriptionStatus, updateSubscriptionProperties } from './subscriptions';
import {
  checkMessagesMatchNarrow,
  deleteMessage,
  getMessage,
  getMessageHistory,
  getMessages,
  getReadReceipts,
  renderMessage,
  reportMessage,
  sendMessage,
  sendSubmessage,
  updateMessage,
} from './messages';
import { markAllAsRead, markStreamAsRead, markTopicAsRead, updateMessageFlags, updateMessageFlagsForNarrow } from './message-flags';
import { addAlertWords, getAlertWords, muteUser, removeAlertWords, unmuteUser } from './muted-users-and-alert-words';
import { deleteTopic, getStreamTopics } from './topics';
import { addReaction, removeReaction } from './reactions';
import { addCustomEmoji, deactivateCustomEmoji, getCustomEmoji } from './custom-emoji';
import { addLinkifier, getLinkifiers, removeLinkifier, reorderLinkifiers, updateLinkifier } from './linkifiers';
import { addNavigationView, getNavigationViews, removeNavigationView, updateNavigationView } from './navigation-views';
import { addCodePlayground, removeCodePlayground } from './playgrounds';
import { createChannelFolder, getChannelFolders, reorderChannelFolders, updateChannelFolder } from './channel-folders';
import {
  createReminder,
  createScheduledMessage,
  deleteReminder,
  deleteScheduledMessage,
  getReminders,
  getScheduledMessages,
  updateScheduledMessage,
} from './scheduled-messages';
import { createSavedSnippet, deleteSavedSnippet, editSavedSnippet, getSavedSnippets } from './saved-snippets';
import {
  acceptInvite,
  createInviteLink,
  getInvites,
  joinThroughInviteLink,
  resendInvite,
  revokeInvite,
  revokeInviteLink,
  sendInvites,
} from './invites';
import type { Operation } from './operation';
import { testWelcomeBotCustomMessage, updateRealm } from './realm';
import { getRealmPresence, getUserPresence, updatePresence } from './presence';
import { getServerSettings, registerQueue } from './server';
import { setMessageEditTypingStatus, setTypingStatus } from './typing';
import {
  createCustomProfileField,
  deleteCustomProfileField,
  getCustomProfileFields,
  reorderCustomProfileFields,
  updateCustomProfileField,
} from './profile-fields';
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
import {
  createUser,
  deactivateOwnUser,
  deactivateUser,
  getOwnUser,
  getUser,
  getUserByEmail,
  getUsers,
  reactivateUser,
  updateUser,
} from './users';
import { updateRealmUserSettingsDefaults, updateSettings } from './user-settings';
import { removeOwnProfileData, updateOwnProfileData, updateUserByEmail } from './users';
import { getUserStatus, updateOwnStatus, updateUserStatus } from './user-status';
import { updateMutedTopic, updateUserTopic } from './user-topics';
import { getAttachments, removeAttachment, uploadFile } from './uploads';
import { deleteRealmExport, exportRealm, getRealmExportConsents, getRealmExports } from './realm-exports';
import {
  addApnsToken,
  addFcmToken,
  registerPushDevice,
  removeApnsToken,
  removeFcmToken,
  sendE2eeTestPushNotification,
  sendTestPushNotification,
} from './push';

export * from './auth';
export * from './channels';
export * from './subscriptions';
export * from './linkifiers';
export * from './navigation-views';
export * from './saved-snippets';
export * from './playgrounds';
export * from './channel-folders';
export * from './scheduled-messages';
export * from './invites';
export * from './operation';
export * from './replies';
export * from './realm';
export * from './server';
export * from './user-groups';
export * from './users';
export * from './user-settings';
export * from './profile-fields';
export * from './user-status';
export * from './presence';
export * from './drafts';
export * from './user-topics';
export * from './messages';
export * from './message-flags';
export * from './muted-users-and-alert-words';
export * from './topics';
export * from './reactions';
export * from './custom-emoji';
export * from './uploads';
export * from './realm-exports';
export * from './push';

/** The REST API this server implements; the gateway serves exactly these. */
export const OPERATIONS: readonly Operation[] = [
  getServerSettings,
  fetchApiKey,
  registerQueue,
  getOwnUser,
  getUsers,
  getUser,
  getUserByEmail,
  createUser,
  deactivateUser,
  deactivateOwnUser,
  reactivateUser,
  updateUser,
  updateRealmUserSettingsDefaults,
  updateSettings,
  getNavigationViews,
  addNavigationView,
  updateNavigationView,
  removeNavigationView,
  getSavedSnippets,
  createSavedSnippet,
  editSavedSnippet,
  deleteSavedSnippet,
  addCodePlayground,
  removeCodePlayground,
  getLinkifiers,
  addLinkifier,
  updateLinkifier,
  removeLinkifier,
  reorderLinkifiers,
  getCustomEmoji,
  addCustomEmoji,
  deactivateCustomEmoji,
  updateUserByEmail,
  updateOwnProfileData,
  removeOwnProfileData,
  getCustomProfileFields,
  createCustomProfileField,
  updateCustomProfileField,
  deleteCustomProfileField,
  reorderCustomProfileFields,
  updateRealm,
  testWelcomeBotCustomMessage,
  createUserGroup,
  getUserGroups,
  updateUserGroup,
  updateUserGroupMembers,
  updateUserGroupSubgroups,
  getIsUserGroupMember,
  getUserGroupMembers,
  getUserGroupSubgroups,
  deactivateUserGroup,
  updateOwnStatus,
  updateUserStatus,
  getUserStatus,
  updatePresence,
  getRealmPresence,
  getUserPresence,
  sendInvites,
  getInvites,
  revokeInvite,
  resendInvite,
  acceptInvite,
  createInviteLink,
  revokeInviteLink,
  joinThroughInviteLink,
  subscribe,
  createChannel,
  unsubscribe,
  updateSubscriptions,
  getSubscriptions,
  updateSubscriptionProperties,
  getSubscriptionStatus,
  getStreams,
  getStreamById,
  getStreamId,
  getSubscribers,
  addDefaultStream,
  removeDefaultStream,
  updateStream,
  archiveStream,
  getStreamEmailAddress,
  createChannelFolder,
  getChannelFolders,
  reorderChannelFolders,
  updateChannelFolder,
  getDrafts,
  createDrafts,
  editDraft,
  deleteDraft,
  updateUserTopic,
  updateMutedTopic,
  sendMessage,
  getMessages,
  getMessage,
  deleteMessage,
  updateMessage,
  renderMessage,
  getMessageHistory,
  getReadReceipts,
  checkMessagesMatchNarrow,
  reportMessage,
  sendSubmessage,
  createScheduledMessage,
  getScheduledMessages,
  updateScheduledMessage,
  deleteScheduledMessage,
  createReminder,
  getReminders,
  deleteReminder,
  addReaction,
  removeReaction,
  updateMessageFlags,
  updateMessageFlagsForNarrow,
  markAllAsRead,
  markStreamAsRead,
  markTopicAsRead,
  muteUser,
  unmuteUser,
  getAlertWords,
  addAlertWords,
  removeAlertWords,
  deleteTopic,
  getStreamTopics,
  uploadFile,
  getAttachments,
  removeAttachment,
  exportRealm,
  getRealmExports,
  deleteRealmExport,
  getRealmExportConsents,
  registerPushDevice,
  addApnsToken,
  removeApnsToken,
  addFcmToken,
  removeFcmToken,
  sendTestPushNotification,
  sendE2eeTestPushNotification,
  setTypingStatus,
  setMessageEditTypingStatus,
];
export * from './register-state';
export * from './typing';

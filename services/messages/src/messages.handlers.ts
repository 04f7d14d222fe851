import {
  addDefaultStream,
  APPLY_ACCEPTED_INVITATION,
  CLEAR_DRAFTS,
  createDrafts,
  deleteDraft,
  editDraft,
  getDrafts,
  createChannel,
  deleteMessage,
  addReaction,
  removeReaction,
  renderMessage,
  deleteTopic,
  DELETE_TOPIC_BATCH,
  getStreamTopics,
  getMessage,
  getMessages,
  sendMessage,
  getStreamById,
  getStreamId,
  getStreams,
  getSubscribers,
  getSubscriptions,
  getSubscriptionStatus,
  removeDefaultStream,
  updateSubscriptionProperties,
  subscribe,
  unsubscribe,
  updateSubscriptions,
  updateMutedTopic,
  updateUserTopic,
  updateMessage,
  ATTACHMENT_ACCESS,
  REGISTER_STATE_TYPES,
  setMessageEditTypingStatus,
  setTypingStatus,
  markAllAsRead,
  markStreamAsRead,
  markTopicAsRead,
  updateMessageFlags,
  updateMessageFlagsForNarrow,
  muteUser,
  unmuteUser,
  getAlertWords,
  addAlertWords,
  removeAlertWords,
  getMessageHistory,
  getReadReceipts,
  checkMessagesMatchNarrow,
  reportMessage,
  sendSubmessage,
  createChannelFolder,
  getChannelFolders,
  reorderChannelFolders,
  updateChannelFolder,
  updateStream,
  archiveStream,
  getStreamEmailAddress,
  createScheduledMessage,
  getScheduledMessages,
  updateScheduledMessage,
  deleteScheduledMessage,
  createReminder,
  getReminders,
  deleteReminder,
  DELIVER_SCHEDULED_MESSAGE,
  testWelcomeBotCustomMessage,
} from '@zulip-es/contracts';
import type { HandlerRegistry } from '@zulip-es/platform';
import { attachmentAccessHandler } from './attachments/attachment-access.handler';
import { registerStateHandler } from './register/register-state.handler';
import { setTypingStatusHandler } from './typing/set-typing-status.handler';
import { setEditTypingStatusHandler } from './typing/set-edit-typing-status.handler';
import { createChannelHandler } from './channels/create-channel/create-channel.handler';
import { addDefaultChannelHandler, removeDefaultChannelHandler } from './channels/default-channels/default-channels.handler';
import { acceptedInvitationHandler } from './channels/invitations/accepted-invitation.handler';
import {
  getStreamByIdHandler,
  getStreamIdHandler,
  getStreamsHandler,
  getSubscribersHandler,
  getSubscriptionsHandler,
} from './channels/read-channels/read-channels.handler';
import { subscribeHandler } from './channels/subscribe/subscribe.handler';
import { getSubscriptionStatusHandler } from './channels/subscription-status/subscription-status.handler';
import { updateSubscriptionPropertiesHandler } from './channels/update-subscription-properties/update-subscription-properties.handler';
import { unsubscribeHandler } from './channels/unsubscribe/unsubscribe.handler';
import { updateSubscriptionsHandler } from './channels/update-subscriptions/update-subscriptions.handler';
import { clearDraftsHandler } from './drafts/clear-drafts/clear-drafts.handler';
import { createDraftsHandler } from './drafts/create-drafts/create-drafts.handler';
import { deleteDraftHandler } from './drafts/delete-draft/delete-draft.handler';
import { editDraftHandler } from './drafts/edit-draft/edit-draft.handler';
import { getDraftsHandler } from './drafts/get-drafts/get-drafts.handler';
import { deleteTopicBatchHandler } from './messages/delete-topic/delete-topic-batch.handler';
import { deleteTopicHandler } from './messages/delete-topic/delete-topic.handler';
import { getStreamTopicsHandler } from './messages/topic-history/get-stream-topics.handler';
import { deleteMessageHandler } from './messages/delete-message/delete-message.handler';
import { editMessageHandler } from './messages/edit-message/edit-message.handler';
import { getMessageHandler, getMessagesHandler } from './messages/read-messages/read-messages.handler';
import { sendMessageHandler } from './messages/send-message/send-message.handler';
import { addReactionHandler, removeReactionHandler } from './messages/reactions/reactions.handler';
import { renderMessageHandler } from './messages/render-message/render-message.handler';
import { getMessageHistoryHandler } from './messages/message-history/message-history.handler';
import { getReadReceiptsHandler } from './messages/read-receipts/read-receipts.handler';
import { checkMessagesMatchNarrowHandler } from './messages/matches-narrow/matches-narrow.handler';
import { reportMessageHandler } from './messages/report-message/report-message.handler';
import { sendSubmessageHandler } from './messages/submessages/submessage.handler';
import {
  createChannelFolderHandler,
  getChannelFoldersHandler,
  reorderChannelFoldersHandler,
  updateChannelFolderHandler,
} from './channels/folders/channel-folders.handlers';
import { archiveChannelHandler, updateChannelHandler } from './channels/update-channel/update-channel.handler';
import { getStreamEmailAddressHandler } from './channels/email-address/email-address.handler';
import {
  createReminderHandler,
  createScheduledMessageHandler,
  deleteReminderHandler,
  deleteScheduledMessageHandler,
  getRemindersHandler,
  getScheduledMessagesHandler,
  updateScheduledMessageHandler,
} from './scheduled-messages/scheduled-messages.handlers';
import { deliverScheduledMessageHandler } from './scheduled-messages/delivery/deliver.handler';
import { testWelcomeMessageHandler } from './messages/welcome-bot/test-welcome-message.handler';
import type { MessagesDeps } from './shared/messages-deps';
import { markAllAsReadHandler, markStreamAsReadHandler, markTopicAsReadHandler } from './flags/mark-read/mark-read.handlers';
import { updateFlagsHandler } from './flags/update-flags/update-flags.handler';
import { updateFlagsForNarrowHandler } from './flags/update-flags/update-flags-for-narrow.handler';
import { muteUserHandler, unmuteUserHandler } from './muted-users/muted-users.handlers';
import { addAlertWordsHandler, getAlertWordsHandler, removeAlertWordsHandler } from './alert-words/alert-words.handlers';
import { updateMutedTopicHandler } from './user-topics/update-muted-topic/update-muted-topic.handler';
import { updateUserTopicHandler } from './user-topics/update-user-topic/update-user-topic.handler';

/** Every message type the messages service answers. */
export const messagesHandlers = (deps: MessagesDeps): HandlerRegistry => ({
  [updateMessageFlags.type]: updateFlagsHandler(deps),
  [updateMessageFlagsForNarrow.type]: updateFlagsForNarrowHandler(deps),
  [markAllAsRead.type]: markAllAsReadHandler(deps),
  [markStreamAsRead.type]: markStreamAsReadHandler(deps),
  [markTopicAsRead.type]: markTopicAsReadHandler(deps),
  [muteUser.type]: muteUserHandler(deps),
  [unmuteUser.type]: unmuteUserHandler(deps),
  [getAlertWords.type]: getAlertWordsHandler(deps),
  [addAlertWords.type]: addAlertWordsHandler(deps),
  [removeAlertWords.type]: removeAlertWordsHandler(deps),
  [subscribe.type]: subscribeHandler(deps),
  [createChannel.type]: createChannelHandler(deps),
  [unsubscribe.type]: unsubscribeHandler(deps),
  [updateSubscriptions.type]: updateSubscriptionsHandler(deps),
  [getSubscriptions.type]: getSubscriptionsHandler(deps),
  [getStreams.type]: getStreamsHandler(deps),
  [getStreamById.type]: getStreamByIdHandler(deps),
  [getStreamId.type]: getStreamIdHandler(deps),
  [getSubscribers.type]: getSubscribersHandler(deps),
  [getSubscriptionStatus.type]: getSubscriptionStatusHandler(deps),
  [updateSubscriptionProperties.type]: updateSubscriptionPropertiesHandler(deps),
  [addDefaultStream.type]: addDefaultChannelHandler(deps),
  [removeDefaultStream.type]: removeDefaultChannelHandler(deps),
  [updateStream.type]: updateChannelHandler(deps),
  [archiveStream.type]: archiveChannelHandler(deps),
  [getStreamEmailAddress.type]: getStreamEmailAddressHandler(deps),
  [createChannelFolder.type]: createChannelFolderHandler(deps),
  [getChannelFolders.type]: getChannelFoldersHandler(deps),
  [reorderChannelFolders.type]: reorderChannelFoldersHandler(deps),
  [updateChannelFolder.type]: updateChannelFolderHandler(deps),
  [APPLY_ACCEPTED_INVITATION]: acceptedInvitationHandler(deps),
  [getDrafts.type]: getDraftsHandler(deps),
  [createDrafts.type]: createDraftsHandler(deps),
  [editDraft.type]: editDraftHandler(deps),
  [deleteDraft.type]: deleteDraftHandler(deps),
  [CLEAR_DRAFTS]: clearDraftsHandler(deps),
  [updateUserTopic.type]: updateUserTopicHandler(deps),
  [updateMutedTopic.type]: updateMutedTopicHandler(deps),
  [sendMessage.type]: sendMessageHandler(deps),
  [getMessages.type]: getMessagesHandler(deps),
  [getMessage.type]: getMessageHandler(deps),
  [deleteMessage.type]: deleteMessageHandler(deps),
  [updateMessage.type]: editMessageHandler(deps),
  [renderMessage.type]: renderMessageHandler(deps),
  [getMessageHistory.type]: getMessageHistoryHandler(deps),
  [getReadReceipts.type]: getReadReceiptsHandler(deps),
  [checkMessagesMatchNarrow.type]: checkMessagesMatchNarrowHandler(deps),
  [reportMessage.type]: reportMessageHandler(deps),
  [sendSubmessage.type]: sendSubmessageHandler(deps),
  [createScheduledMessage.type]: createScheduledMessageHandler(deps),
  [getScheduledMessages.type]: getScheduledMessagesHandler(deps),
  [updateScheduledMessage.type]: updateScheduledMessageHandler(deps),
  [deleteScheduledMessage.type]: deleteScheduledMessageHandler(deps),
  [createReminder.type]: createReminderHandler(deps),
  [getReminders.type]: getRemindersHandler(deps),
  [deleteReminder.type]: deleteReminderHandler(deps),
  [DELIVER_SCHEDULED_MESSAGE]: deliverScheduledMessageHandler(deps),
  [testWelcomeBotCustomMessage.type]: testWelcomeMessageHandler(deps),
  [addReaction.type]: addReactionHandler(deps),
  [removeReaction.type]: removeReactionHandler(deps),
  [deleteTopic.type]: deleteTopicHandler(deps),
  [getStreamTopics.type]: getStreamTopicsHandler(deps),
  [DELETE_TOPIC_BATCH]: deleteTopicBatchHandler(deps),
  [ATTACHMENT_ACCESS]: attachmentAccessHandler(deps),
  [REGISTER_STATE_TYPES.messages]: registerStateHandler(deps),
  ...(deps.eventQueues
    ? {
        [setTypingStatus.type]: setTypingStatusHandler(deps, deps.eventQueues),
        [setMessageEditTypingStatus.type]: setEditTypingStatusHandler(deps, deps.eventQueues),
      }
    : {}),
});

import {
  addDefaultStream,
  APPLY_ACCEPTED_INVITATION,
  createChannel,
  deleteMessage,
  deleteTopic,
  DELETE_TOPIC_BATCH,
  getMessage,
  getMessages,
  sendMessage,
  getStreamById,
  getStreamId,
  getStreams,
  getSubscribers,
  getSubscriptions,
  removeDefaultStream,
  subscribe,
  unsubscribe,
} from '@zulip-es/contracts';
import type { HandlerRegistry } from '@zulip-es/platform';
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
import { unsubscribeHandler } from './channels/unsubscribe/unsubscribe.handler';
import { deleteTopicBatchHandler } from './messages/delete-topic/delete-topic-batch.handler';
import { deleteTopicHandler } from './messages/delete-topic/delete-topic.handler';
import { deleteMessageHandler } from './messages/delete-message/delete-message.handler';
import { getMessageHandler, getMessagesHandler } from './messages/read-messages/read-messages.handler';
import { sendMessageHandler } from './messages/send-message/send-message.handler';
import type { MessagesDeps } from './shared/messages-deps';

/** Every message type the messages service answers. */
export const messagesHandlers = (deps: MessagesDeps): HandlerRegistry => ({
  [subscribe.type]: subscribeHandler(deps),
  [createChannel.type]: createChannelHandler(deps),
  [unsubscribe.type]: unsubscribeHandler(deps),
  [getSubscriptions.type]: getSubscriptionsHandler(deps),
  [getStreams.type]: getStreamsHandler(deps),
  [getStreamById.type]: getStreamByIdHandler(deps),
  [getStreamId.type]: getStreamIdHandler(deps),
  [getSubscribers.type]: getSubscribersHandler(deps),
  [addDefaultStream.type]: addDefaultChannelHandler(deps),
  [removeDefaultStream.type]: removeDefaultChannelHandler(deps),
  [APPLY_ACCEPTED_INVITATION]: acceptedInvitationHandler(deps),
  [sendMessage.type]: sendMessageHandler(deps),
  [getMessages.type]: getMessagesHandler(deps),
  [getMessage.type]: getMessageHandler(deps),
  [deleteMessage.type]: deleteMessageHandler(deps),
  [deleteTopic.type]: deleteTopicHandler(deps),
  [DELETE_TOPIC_BATCH]: deleteTopicBatchHandler(deps),
});

import { z } from 'zod';
import { ChannelCreatedV1 } from './channel-created.v1';
import { ChannelSubscribersAddedV1 } from './channel-subscribers-added.v1';
import { ChannelSubscribersRemovedV1 } from './channel-subscribers-removed.v1';
import { DefaultChannelAddedV1 } from './default-channel-added.v1';
import { DefaultChannelRemovedV1 } from './default-channel-removed.v1';
import { DraftCreatedV1 } from './draft-created.v1';
import { DraftDeletedV1 } from './draft-deleted.v1';
import { DraftEditedV1 } from './draft-edited.v1';
import { DraftsClearedV1 } from './drafts-cleared.v1';
import { UserTopicVisibilityPolicyChangedV1 } from './user-topic-visibility-policy-changed.v1';
import { MessageSentV1 } from './message-sent.v1';
import { MessagesDeletedV1 } from './messages-deleted.v1';
import { MessageContentEditedV1 } from './message-content-edited.v1';
import { MessagesMovedV1 } from './messages-moved.v1';
import { MessageFlagsUpdatedV1 } from './message-flags-updated.v1';
import { MessageFlagsUpdatedV2 } from './message-flags-updated.v2';
import { UnreadMessagesRecordedV1 } from './unread-messages-recorded.v1';
import { UnreadMessagesClearedV1 } from './unread-messages-cleared.v1';
import { UserMutedV1, UserUnmutedV1 } from './user-muted.v1';
import { AlertWordsChangedV1 } from './alert-words-changed.v1';
import { SubscriptionPropertyChangedV1 } from './subscription-property-changed.v1';
import { ReactionAddedV1, ReactionRemovedV1 } from './reaction.v1';
import { SubmessageAddedV1 } from './submessage-added.v1';
import { ChannelFolderCreatedV1, ChannelFoldersReorderedV1, ChannelFolderUpdatedV1 } from './channel-folder.v1';
import {
  ChannelArchivedV1,
  ChannelDescriptionChangedV1,
  ChannelGroupSettingChangedV1,
  ChannelPermissionChangedV1,
  ChannelPropertyChangedV1,
  ChannelRenamedV1,
  ChannelUnarchivedV1,
} from './channel-changed.v1';
import {
  ScheduledMessageCreatedV1,
  ScheduledMessageDeletedV1,
  ScheduledMessageDeliveredV1,
  ScheduledMessageEditedV1,
  ScheduledMessageFailedV1,
} from './scheduled-message.v1';

export * from './channel-created.v1';
export * from './channel-subscribers-added.v1';
export * from './channel-subscribers-removed.v1';
export * from './default-channel-added.v1';
export * from './default-channel-removed.v1';
export * from './draft-created.v1';
export * from './draft-edited.v1';
export * from './draft-deleted.v1';
export * from './drafts-cleared.v1';
export * from './user-topic-visibility-policy-changed.v1';
export * from './message-sent.v1';
export * from './messages-deleted.v1';
export * from './message-content-edited.v1';
export * from './messages-moved.v1';
export * from './message-flags-updated.v1';
export * from './message-flags-updated.v2';
export * from './unread-messages-recorded.v1';
export * from './unread-messages-cleared.v1';
export * from './user-muted.v1';
export * from './alert-words-changed.v1';
export * from './subscription-property-changed.v1';
export * from './reaction.v1';
export * from './submessage-added.v1';
export * from './channel-folder.v1';
export * from './channel-changed.v1';
export * from './scheduled-message.v1';

/** Every event on `messages.events`, discriminated by `type`. */
export const MessagesEvent = z.discriminatedUnion('type', [
  ChannelCreatedV1,
  ChannelSubscribersAddedV1,
  ChannelSubscribersRemovedV1,
  DefaultChannelAddedV1,
  DefaultChannelRemovedV1,
  DraftCreatedV1,
  DraftEditedV1,
  DraftDeletedV1,
  DraftsClearedV1,
  UserTopicVisibilityPolicyChangedV1,
  MessageSentV1,
  MessagesDeletedV1,
  MessageContentEditedV1,
  MessagesMovedV1,
  MessageFlagsUpdatedV1,
  MessageFlagsUpdatedV2,
  UnreadMessagesRecordedV1,
  UnreadMessagesClearedV1,
  UserMutedV1,
  UserUnmutedV1,
  AlertWordsChangedV1,
  SubscriptionPropertyChangedV1,
  ReactionAddedV1,
  ReactionRemovedV1,
  SubmessageAddedV1,
  ChannelFolderCreatedV1,
  ChannelFolderUpdatedV1,
  ChannelFoldersReorderedV1,
  ChannelRenamedV1,
  ChannelDescriptionChangedV1,
  ChannelPermissionChangedV1,
  ChannelPropertyChangedV1,
  ChannelGroupSettingChangedV1,
  ChannelArchivedV1,
  ChannelUnarchivedV1,
  ScheduledMessageCreatedV1,
  ScheduledMessageEditedV1,
  ScheduledMessageDeletedV1,
  ScheduledMessageDeliveredV1,
  ScheduledMessageFailedV1,
]);
export type MessagesEvent = z.infer<typeof MessagesEvent>;

import type { Delivery } from '@zulip-es/event-queues';
import type { Directory } from '../directory/directory';
import type { DomainEvent, DomainEventType } from '../domain-event';
import type { ClientEventsOf } from './client-event';
import { draftCreated, draftDeleted, draftEdited, draftsCleared } from './drafts';
import { messageSent } from './message';
import { messageFlagsUpdated, messageFlagsUpdatedV1, unreadMessagesCleared } from './message-flags';
import { navigationViewAdded, navigationViewRemoved, navigationViewUpdated } from './navigation-views';
import { savedSnippetCreated, savedSnippetDeleted, savedSnippetEdited } from './saved-snippets';
import { emailChanged, fullNameChanged, roleChanged, userCreated, userDeactivated, userReactivated } from './realm-user';
import { attachmentClaimed, attachmentRemoved, attachmentUnclaimed, attachmentUploaded } from './attachments';
import {
  channelCreated,
  defaultChannelAdded,
  defaultChannelRemoved,
  subscribersAdded,
  subscribersRemoved,
  subscriptionPropertyChanged,
} from './channels';
import { contentEdited, messagesDeleted, messagesMoved } from './message-changes';
import { reactionAdded, reactionRemoved } from './reactions';
import { submessageAdded } from './submessages';
import {
  channelArchived,
  channelDescriptionChanged,
  channelGroupSettingChanged,
  channelPermissionChanged,
  channelPropertyChanged,
  channelRenamed,
  channelUnarchived,
} from './channel-changes';
import {
  scheduledMessageCreated,
  scheduledMessageDeleted,
  scheduledMessageDelivered,
  scheduledMessageEdited,
  scheduledMessageFailed,
} from './scheduled-messages';
import { channelFolderCreated, channelFoldersReordered, channelFolderUpdated } from './channel-folders';
import {
  invitationAccepted,
  invitationCreated,
  invitationLinkCreated,
  invitationLinkRevoked,
  invitationResent,
  invitationRevoked,
} from './invitations';
import { customEmojiChanged, linkifiersChanged, playgroundsChanged, profileFieldsChanged } from './org-lists';
import { realmSettingChanged, userSettingsChanged, userSettingsDefaultChanged } from './org-settings';
import { presenceChanged } from './presence';
import { realmExportDeleted, realmExportFailed, realmExportRequested, realmExportSucceeded } from './realm-exports';
import { deviceRegistered, registrationFailed, registrationRequested } from './push-devices';
import {
  groupCreated,
  groupDeactivated,
  groupUpdated,
  membersAdded,
  membersRemoved,
  subgroupsAdded,
  subgroupsRemoved,
} from './user-groups';
import { userStatusChanged } from './user-status';
import { userTopicChanged } from './user-topic';
import { alertWordsChanged, userMuted, userUnmuted } from './muted-users';

/** Nothing a client is told of (or not yet: see docs/events.md). */
const none = () => [];

/**
 * For every domain event type, the client events it makes: a new domain event type does not
 * compile until it is listed here.
 */
const CLIENT_EVENTS: { [T in DomainEventType]: ClientEventsOf<T> } = {
  'realm.created.v1': none,
  'realm.created.v2': none,
  'realm.setting_changed.v1': realmSettingChanged,
  'realm.user_settings_default_changed.v1': userSettingsDefaultChanged,
  'user.created.v1': userCreated,
  'user.created.v2': userCreated,
  'user.deactivated.v1': userDeactivated,
  'user.reactivated.v1': userReactivated,
  'user.role_changed.v1': roleChanged,
  'user.full_name_changed.v1': fullNameChanged,
  'user.email_changed.v1': emailChanged,
  'user.settings_changed.v1': userSettingsChanged,
  'user.profile_data_changed.v1': none,
  'user_status.changed.v1': userStatusChanged,
  'presence.changed.v1': presenceChanged,
  'custom_profile_field.created.v1': profileFieldsChanged,
  'custom_profile_field.updated.v1': profileFieldsChanged,
  'custom_profile_field.deleted.v1': profileFieldsChanged,
  'custom_profile_fields.reordered.v1': profileFieldsChanged,
  'custom_emoji.added.v1': customEmojiChanged,
  'custom_emoji.deactivated.v1': customEmojiChanged,
  'linkifier.added.v1': linkifiersChanged,
  'linkifier.changed.v1': linkifiersChanged,
  'linkifier.removed.v1': linkifiersChanged,
  'linkifiers.reordered.v1': linkifiersChanged,
  'playground.added.v1': playgroundsChanged,
  'playground.removed.v1': playgroundsChanged,
  'navigation_view.added.v1': navigationViewAdded,
  'navigation_view.updated.v1': navigationViewUpdated,
  'navigation_view.removed.v1': navigationViewRemoved,
  'saved_snippet.created.v1': savedSnippetCreated,
  'saved_snippet.edited.v1': savedSnippetEdited,
  'saved_snippet.deleted.v1': savedSnippetDeleted,
  'invitation.created.v1': invitationCreated,
  'invitation.resent.v1': invitationResent,
  'invitation.revoked.v1': invitationRevoked,
  'invitation.accepted.v1': invitationAccepted,
  // Asked for through a link: Zulip's PreregistrationUser from a link notifies nobody.
  'invitation.requested.v1': none,
  'invitation_link.created.v1': invitationLinkCreated,
  'invitation_link.revoked.v1': invitationLinkRevoked,
  'user_group.created.v1': groupCreated,
  'user_group.updated.v1': groupUpdated,
  'user_group.deactivated.v1': groupDeactivated,
  'user_group.members_added.v1': membersAdded,
  'user_group.members_removed.v1': membersRemoved,
  'user_group.subgroups_added.v1': subgroupsAdded,
  'user_group.subgroups_removed.v1': subgroupsRemoved,
  'message.sent.v1': messageSent,
  'message.content_edited.v1': contentEdited,
  'messages.moved.v1': messagesMoved,
  'messages.deleted.v1': messagesDeleted,
  'reaction.added.v1': reactionAdded,
  'reaction.removed.v1': reactionRemoved,
  'submessage.added.v1': submessageAdded,
  'channel_folder.created.v1': channelFolderCreated,
  'channel_folder.updated.v1': channelFolderUpdated,
  'channel_folders.reordered.v1': channelFoldersReordered,
  'channel.renamed.v1': channelRenamed,
  'channel.description_changed.v1': channelDescriptionChanged,
  'channel.permission_changed.v1': channelPermissionChanged,
  'channel.property_changed.v1': channelPropertyChanged,
  'channel.group_setting_changed.v1': channelGroupSettingChanged,
  'channel.archived.v1': channelArchived,
  'channel.unarchived.v1': channelUnarchived,
  'scheduled_message.created.v1': scheduledMessageCreated,
  'scheduled_message.edited.v1': scheduledMessageEdited,
  'scheduled_message.failed.v1': scheduledMessageFailed,
  'scheduled_message.deleted.v1': scheduledMessageDeleted,
  'scheduled_message.delivered.v1': scheduledMessageDelivered,
  'message_flags.updated.v1': messageFlagsUpdatedV1,
  'message_flags.updated.v2': messageFlagsUpdated,
  // Bookkeeping of unread messages the user already knows of: nothing changes for a client.
  'unread_messages.recorded.v1': none,
  'unread_messages.cleared.v1': unreadMessagesCleared,
  'user.muted.v1': userMuted,
  'user.unmuted.v1': userUnmuted,
  'alert_words.changed.v1': alertWordsChanged,
  'channel.created.v1': channelCreated,
  'channel.subscribers_added.v1': subscribersAdded,
  'channel.subscribers_removed.v1': subscribersRemoved,
  'subscription.property_changed.v1': subscriptionPropertyChanged,
  'default_channel.added.v1': defaultChannelAdded,
  'default_channel.removed.v1': defaultChannelRemoved,
  'user_topic.visibility_policy_changed.v1': userTopicChanged,
  'draft.created.v1': draftCreated,
  'draft.edited.v1': draftEdited,
  'draft.deleted.v1': draftDeleted,
  'drafts.cleared.v1': draftsCleared,
  'attachment.uploaded.v1': attachmentUploaded,
  'attachment.claimed.v1': attachmentClaimed,
  'attachment.unclaimed.v1': attachmentUnclaimed,
  'attachment.removed.v1': attachmentRemoved,
  'realm_export.requested.v1': realmExportRequested,
  'realm_export.succeeded.v1': realmExportSucceeded,
  'realm_export.failed.v1': realmExportFailed,
  'realm_export.deleted.v1': realmExportDeleted,
  'push_token.added.v1': none,
  'push_token.removed.v1': none,
  'push_device.registration_requested.v1': registrationRequested,
  'push_device.registered.v1': deviceRegistered,
  'push_device.registration_failed.v1': registrationFailed,
  'push_device.removed.v1': none,
  'push_notification.requested.v1': none,
};

/** The client events of `event`, for the users who see it, on the directory as it was before it. */
export function clientEventsOf(event: DomainEvent, directory: Directory): Delivery[] {
  const of = CLIENT_EVENTS[event.type] as ClientEventsOf<typeof event.type>;
  return of(event as never, directory).filter((d) => d.userIds.length > 0 || d.allPublicStreams);
}

import type { Delivery } from '@zulip-es/platform';
import type { Directory } from '../directory/directory';
import type { DomainEvent, DomainEventType } from '../domain-event';
import type { ClientEventsOf } from './client-event';
import { draftCreated, draftDeleted, draftEdited, draftsCleared } from './drafts';
import { messageSent } from './message';
import { navigationViewAdded, navigationViewRemoved, navigationViewUpdated } from './navigation-views';
import { emailChanged, fullNameChanged, roleChanged, userCreated, userDeactivated, userReactivated } from './realm-user';
import { userStatusChanged } from './user-status';
import { userTopicChanged } from './user-topic';

/** Nothing a client is told of (or not yet: see docs/events.md). */
const none = () => [];

/**
 * For every domain event type, the client events it makes: a new domain event type does not
 * compile until it is listed here.
 */
const CLIENT_EVENTS: { [T in DomainEventType]: ClientEventsOf<T> } = {
  'realm.created.v1': none,
  'realm.setting_changed.v1': none,
  'realm.user_settings_default_changed.v1': none,
  'user.created.v1': userCreated,
  'user.deactivated.v1': userDeactivated,
  'user.reactivated.v1': userReactivated,
  'user.role_changed.v1': roleChanged,
  'user.full_name_changed.v1': fullNameChanged,
  'user.email_changed.v1': emailChanged,
  'user.settings_changed.v1': none,
  'user.profile_data_changed.v1': none,
  'user_status.changed.v1': userStatusChanged,
  'presence.changed.v1': none,
  'custom_profile_field.created.v1': none,
  'custom_profile_field.updated.v1': none,
  'custom_profile_field.deleted.v1': none,
  'custom_profile_fields.reordered.v1': none,
  'linkifier.added.v1': none,
  'linkifier.changed.v1': none,
  'linkifier.removed.v1': none,
  'linkifiers.reordered.v1': none,
  'navigation_view.added.v1': navigationViewAdded,
  'navigation_view.updated.v1': navigationViewUpdated,
  'navigation_view.removed.v1': navigationViewRemoved,
  'invitation.created.v1': none,
  'invitation.resent.v1': none,
  'invitation.revoked.v1': none,
  'invitation.accepted.v1': none,
  'user_group.created.v1': none,
  'user_group.updated.v1': none,
  'user_group.deactivated.v1': none,
  'user_group.members_added.v1': none,
  'user_group.members_removed.v1': none,
  'user_group.subgroups_added.v1': none,
  'user_group.subgroups_removed.v1': none,
  'message.sent.v1': messageSent,
  'message.content_edited.v1': none,
  'messages.moved.v1': none,
  'messages.deleted.v1': none,
  'channel.created.v1': none,
  'channel.subscribers_added.v1': none,
  'channel.subscribers_removed.v1': none,
  'default_channel.added.v1': none,
  'default_channel.removed.v1': none,
  'user_topic.visibility_policy_changed.v1': userTopicChanged,
  'draft.created.v1': draftCreated,
  'draft.edited.v1': draftEdited,
  'draft.deleted.v1': draftDeleted,
  'drafts.cleared.v1': draftsCleared,
  'attachment.uploaded.v1': none,
  'attachment.claimed.v1': none,
  'attachment.unclaimed.v1': none,
  'attachment.removed.v1': none,
  'push_token.added.v1': none,
  'push_token.removed.v1': none,
  'push_device.registration_requested.v1': none,
  'push_device.registered.v1': none,
  'push_device.registration_failed.v1': none,
  'push_device.removed.v1': none,
  'push_notification.requested.v1': none,
};

/** The client events of `event`, for the users who see it, on the directory as it was before it. */
export function clientEventsOf(event: DomainEvent, directory: Directory): Delivery[] {
  const of = CLIENT_EVENTS[event.type] as ClientEventsOf<typeof event.type>;
  return of(event as never, directory).filter((d) => d.userIds.length > 0);
}

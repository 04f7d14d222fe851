import { eventsTopic, MessagesEvent, type EventEnvelope, type GroupSettingEventValue } from '@zulip-es/contracts';
import type { ReadModel } from '@zulip-es/platform';

/** What invitations need to know of a channel (the messages service owns channels). */
export interface DirectoryChannel {
  channelId: number;
  inviteOnly: boolean;
  isWebPublic: boolean;
  isDefault: boolean;
  subscriberIds: ReadonlySet<number>;
  /** The channel's settings that grant access or the right to add subscribers. */
  settings: Record<'can_add_subscribers_group' | 'can_administer_channel_group' | 'can_subscribe_group', GroupSettingEventValue>;
}

interface MutableChannel extends DirectoryChannel {
  subscriberIds: Set<number>;
}

/**
 * The users service's copy of the channels, kept in memory from `messages.events` and replayed
 * at every start (channels and subscriptions are small beside messages), so that `stream_ids` of
 * an invitation are decided here without calling the messages service.
 */
export class ChannelDirectory implements ReadModel {
  readonly name = 'channels';
  readonly topics = [eventsTopic('messages')];
  readonly eventTypes: ReadonlySet<MessagesEvent['type']> = new Set([
    'channel.created.v1',
    'channel.subscribers_added.v1',
    'channel.subscribers_removed.v1',
    'default_channel.added.v1',
    'default_channel.removed.v1',
    'channel.permission_changed.v1',
    'channel.group_setting_changed.v1',
    'channel.archived.v1',
    'channel.unarchived.v1',
  ] as const);
  private readonly channels = new Map<number, MutableChannel>();
  private readonly defaults = new Set<number>();
  private readonly archived = new Set<number>();

  /** A live channel: an archived one is, for invitations, no channel at all (Zulip's `access_stream_by_id`). */
  channel(channelId: number): DirectoryChannel | undefined {
    const channel = this.channels.get(channelId);
    return channel && !this.archived.has(channelId) ? { ...channel, isDefault: this.defaults.has(channelId) } : undefined;
  }

  apply(envelope: EventEnvelope): void {
    const parsed = MessagesEvent.safeParse({ type: envelope.type, data: envelope.data });
    if (!parsed.success) return; // messages, topics and other events invitations do not need
    const event = parsed.data;
    switch (event.type) {
      case 'channel.created.v1': {
        const { channelId, inviteOnly, isWebPublic, settings } = event.data;
        const { can_add_subscribers_group, can_administer_channel_group, can_subscribe_group } = settings;
        this.channels.set(channelId, {
          channelId,
          inviteOnly,
          isWebPublic,
          isDefault: false,
          subscriberIds: new Set(),
          settings: { can_add_subscribers_group, can_administer_channel_group, can_subscribe_group },
        });
        return;
      }
      case 'channel.subscribers_added.v1':
        for (const { userId } of event.data.subscribers) this.channels.get(event.data.channelId)?.subscriberIds.add(userId);
        return;
      case 'channel.subscribers_removed.v1':
        for (const userId of event.data.userIds) this.channels.get(event.data.channelId)?.subscriberIds.delete(userId);
        return;
      case 'channel.permission_changed.v1': {
        const channel = this.channels.get(event.data.channelId);
        if (channel) Object.assign(channel, { inviteOnly: event.data.inviteOnly, isWebPublic: event.data.isWebPublic });
        return;
      }
      case 'channel.group_setting_changed.v1': {
        const channel = this.channels.get(event.data.channelId);
        const { setting, value } = event.data;
        if (
          channel &&
          (setting === 'can_add_subscribers_group' || setting === 'can_administer_channel_group' || setting === 'can_subscribe_group')
        ) {
          channel.settings = { ...channel.settings, [setting]: value };
        }
        return;
      }
      case 'channel.archived.v1':
        this.archived.add(event.data.channelId);
        return;
      case 'channel.unarchived.v1':
        this.archived.delete(event.data.channelId);
        return;
      case 'channel.renamed.v1':
      case 'channel.description_changed.v1':
      case 'channel.property_changed.v1':
        return; // names, descriptions, retention, topics and folders do not concern invitations
      case 'default_channel.added.v1':
        this.defaults.add(event.data.channelId);
        return;
      case 'default_channel.removed.v1':
        this.defaults.delete(event.data.channelId);
        return;
      case 'draft.created.v1':
      case 'draft.edited.v1':
      case 'draft.deleted.v1':
      case 'drafts.cleared.v1':
        return; // a user's drafts say nothing about channels
      case 'user_topic.visibility_policy_changed.v1':
      case 'subscription.property_changed.v1':
        return; // a user's own topic and subscription preferences: nothing invitations need
      case 'message.sent.v1':
      case 'messages.deleted.v1':
      case 'message.content_edited.v1':
      case 'messages.moved.v1':
      case 'reaction.added.v1':
      case 'reaction.removed.v1':
      case 'submessage.added.v1':
      case 'scheduled_message.created.v1':
      case 'scheduled_message.edited.v1':
      case 'scheduled_message.deleted.v1':
      case 'scheduled_message.delivered.v1':
      case 'scheduled_message.failed.v1':
      case 'channel_folder.created.v1':
      case 'channel_folder.updated.v1':
      case 'channel_folders.reordered.v1':
      case 'message_flags.updated.v1':
      case 'message_flags.updated.v2':
      case 'unread_messages.recorded.v1':
      case 'unread_messages.cleared.v1':
      case 'user.muted.v1':
      case 'user.unmuted.v1':
      case 'alert_words.changed.v1':
        return; // messages and a user's own preferences do not concern invitations
      default: {
        const unexpected: never = event;
        void unexpected;
      }
    }
  }
}

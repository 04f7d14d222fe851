import {
  CHANNEL_GROUP_SETTINGS,
  type ChannelGroupSetting,
  type GroupSettingEventValue,
  type MessagesEvent,
  type OperationData,
  type updateStream,
} from '@zulip-es/contracts';
import { badRequest, DomainError, ownerRequired } from '@zulip-es/platform';
import { canSetDeleteMessagePolicy, hasContentAccess, hasRealmPermission, isAdmin, isOwner } from '../channel-access';
import { checkChannelName, normalizeDescription } from '../channel-name';
import { checkSettingValue, currentSettingValue, staleOldValue } from '../channel-settings';
import { channelAggregateId, type ChannelState } from '../channel.state';
import type { ChannelsContext } from '../channels-context';
import { DEFAULT_CHANNELS_AGGREGATE, type DefaultChannelsState } from '../default-channels.state';
import type { ChannelFoldersState } from '../folders/channel-folders.state';
import { parseMessageRetentionDays } from '../new-channel';
import { parseGroupSettingValue, settingValueChanges, SystemGroupId } from '@zulip-es/zulip-rules';
import { silentMention } from '../../messages/notification-bot/notification-bot';
import { accessChannelToAdminister, checkPrivacy, checkTopicCreationForProtectedHistory, proposedPrivacy } from './update-channel.check';
import * as notices from './channel-notices';
import type { MessagesNewEvent } from '../../shared/messages-new-event';

export type UpdateStream = OperationData<typeof updateStream>;

export interface UpdateChannelState {
  ctx: ChannelsContext;
  channel: ChannelState | null;
  /** Whether the caller is subscribed to it. */
  subscribed: boolean;
  /** The channel already holding `new_name` (case-insensitively), when one is asked for. */
  sameName: ChannelState | null;
  folders: ChannelFoldersState;
  defaultChannels: DefaultChannelsState;
  /** Whether the channel has messages in a topic other than the empty one (asked for `empty_topic_only` only). */
  hasNamedTopics: boolean;
  /** A description's HTML, rendered as Zulip renders channel descriptions. */
  renderDescription(description: string): string;
  /** The organization's message retention (-1: forever), for the retention notice. */
  realmRetentionDays: number;
}

/** What a channel change decided: its events, and the Notification Bot's notices for the channel. */
export interface ChannelChange {
  events: MessagesNewEvent[];
  notices: { channelId: number; topic: string; content: string }[];
}

type ChannelChangeEvent = Extract<MessagesEvent, { type: `channel.${string}` }>;

/** Builds a channel's events in order, each one after the channel's last. */
class ChangeLog {
  readonly events: MessagesNewEvent[] = [];
  readonly notices: ChannelChange['notices'] = [];
  private channelEvents = 0;

  constructor(
    private readonly channel: ChannelState,
    private topic: string,
  ) {}

  add(event: ChannelChangeEvent): void {
    this.events.push({
      ...event,
      aggregateId: channelAggregateId(this.channel.channelId),
      sequence: this.channel.version + ++this.channelEvents,
    });
  }

  notify(content: string): void {
    this.notices.push({ channelId: this.channel.channelId, topic: this.topic, content });
  }

  /** Later notices go to the topic the new topics policy names. */
  topicFor(topic: string): void {
    this.topic = topic;
  }
}

/** Zulip's `get_users_string_with_permission`: the groups (by id), then the users (by id), as silent mentions. */
function holdersOf(ctx: ChannelsContext, value: GroupSettingEventValue): string {
  const groupMention = (id: number) => `@_*${ctx.group(id)?.name ?? ''}*`;
  if (typeof value === 'number') return groupMention(value);
  const groups = [...value.directSubgroups].sort((a, b) => a - b).map(groupMention);
  const users = [...value.directMembers].sort((a, b) => a - b).map((id) => silentMention(ctx.user(id) ?? { fullName: '', userId: id }));
  return [...groups, ...users].join(', ');
}

/** The group settings a request changes, checked: the new value of each, in Zulip's order. */
function groupSettingChanges(
  cmd: UpdateStream,
  state: UpdateChannelState,
  channel: ChannelState,
  historyPublicToSubscribers: boolean,
): [ChannelGroupSetting, GroupSettingEventValue][] {
  const { ctx } = state;
  const changes: [ChannelGroupSetting, GroupSettingEventValue][] = [];
  for (const name of CHANNEL_GROUP_SETTINGS) {
    const change = cmd[name];
    if (change === undefined) continue;
    const next = parseGroupSettingValue(change.new);
    const expected = change.old === undefined ? undefined : parseGroupSettingValue(change.old);
    if (!settingValueChanges(currentSettingValue(ctx, channel.settings[name]), next, expected, staleOldValue)) continue;
    if (
      (name === 'can_add_subscribers_group' || name === 'can_subscribe_group') &&
      !hasContentAccess(ctx, ctx.actor, channel, state.subscribed)
    ) {
      throw badRequest('Channel content access is required.');
    }
    if (name === 'can_create_topic_group') checkTopicCreationForProtectedHistory(historyPublicToSubscribers, next, SystemGroupId.EVERYONE);
    changes.push([name, checkSettingValue(ctx, name, next)]);
  }
  return changes;
}

/**
 * PATCH /streams/{stream_id}: Zulip's `update_stream_backend`. Every check runs before any change
 * (Zulip commits each change as it goes; here a refused request changes nothing); the changes
 * follow in Zulip's order, each with its event and, where Zulip sends one, its notice. A value
 * equal to the current one changes nothing.
 */
export function decideUpdateChannel(cmd: UpdateStream, state: UpdateChannelState): ChannelChange {
  const { ctx } = state;
  const actor = silentMention(ctx.actor);
  const channel = accessChannelToAdminister(ctx, state.channel, state.subscribed);
  const wasDefault = state.defaultChannels.channelIds.includes(channel.channelId);
  const proposed = proposedPrivacy(channel, cmd, wasDefault);
  checkPrivacy(ctx, channel, state.subscribed, cmd, proposed);

  // Checks of the later steps, before anything changes.
  const topicsPolicy = cmd.topics_policy;
  if (topicsPolicy !== undefined && topicsPolicy !== 'inherit' && !hasRealmPermission(ctx, ctx.actor, 'can_set_topics_policy_group'))
    throw badRequest('Insufficient permission');
  if (topicsPolicy === 'empty_topic_only' && state.hasNamedTopics) {
    throw badRequest(
      'To enable this configuration, all messages in this channel must be in the general chat topic. Consider renaming or deleting other topics.',
      { empty_topic_display_name: 'general chat' },
    );
  }
  if (!proposed.historyPublicToSubscribers && cmd.can_create_topic_group === undefined) {
    checkTopicCreationForProtectedHistory(false, channel.settings.can_create_topic_group, SystemGroupId.EVERYONE);
  }
  if (cmd.is_default_stream !== undefined && !isAdmin(ctx.actor))
    throw badRequest('You do not have permission to change default channels.');
  if (cmd.message_retention_days !== undefined && !isOwner(ctx.actor)) throw ownerRequired();
  const retention = cmd.message_retention_days === undefined ? undefined : parseMessageRetentionDays(cmd.message_retention_days);
  if (cmd.is_archived === false) {
    if (!channel.isArchived) throw badRequest('Channel is not currently deactivated');
    if (channel.inviteOnly && channel.subscriberIds.length === 0) throw badRequest('Channel is private and have no subscribers');
  }
  if (
    (cmd.can_delete_any_message_group !== undefined || cmd.can_delete_own_message_group !== undefined) &&
    !canSetDeleteMessagePolicy(ctx, ctx.actor)
  ) {
    throw badRequest('Insufficient permission');
  }
  const description = cmd.description === undefined ? undefined : normalizeDescription(cmd.description);
  const newName = cmd.new_name?.trim();
  if (newName !== undefined) {
    if (newName === channel.name) throw badRequest('Channel already has that name.');
    if (newName.toLowerCase() !== channel.name.toLowerCase()) {
      checkChannelName(newName);
      if (state.sameName && state.sameName.channelId !== channel.channelId)
        throw new DomainError('CHANNEL_ALREADY_EXISTS', `Channel '${newName}' already exists`);
    }
  }
  if (cmd.folder_id !== undefined && cmd.folder_id !== null && !state.folders.folders.some((f) => f.folderId === cmd.folder_id))
    throw badRequest('Invalid channel folder ID');
  const settings = groupSettingChanges(cmd, state, channel, proposed.historyPublicToSubscribers);

  const log = new ChangeLog(channel, notices.channelEventsTopic(channel.topicsPolicy));
  if (topicsPolicy !== undefined && topicsPolicy !== channel.topicsPolicy) {
    log.add({
      type: 'channel.property_changed.v1',
      data: { channelId: channel.channelId, property: 'topics_policy', value: topicsPolicy },
    });
    log.topicFor(notices.channelEventsTopic(topicsPolicy));
    log.notify(notices.topicsPolicyNotice(actor, channel.topicsPolicy, topicsPolicy));
  }
  const privacyChanged =
    proposed.inviteOnly !== channel.inviteOnly ||
    proposed.historyPublicToSubscribers !== channel.historyPublicToSubscribers ||
    proposed.isWebPublic !== channel.isWebPublic;
  if (privacyChanged) {
    const { inviteOnly, historyPublicToSubscribers, isWebPublic } = proposed;
    log.add({
      type: 'channel.permission_changed.v1',
      data: { channelId: channel.channelId, inviteOnly, historyPublicToSubscribers, isWebPublic },
    });
    log.notify(notices.permissionNotice(actor, notices.permissionPolicyName(channel), notices.permissionPolicyName(proposed)));
  }
  if (cmd.is_default_stream !== undefined && cmd.is_default_stream !== wasDefault) {
    const type = cmd.is_default_stream ? 'default_channel.added.v1' : 'default_channel.removed.v1';
    log.events.push({
      type,
      aggregateId: DEFAULT_CHANNELS_AGGREGATE,
      sequence: state.defaultChannels.version + 1,
      data: { channelId: channel.channelId },
    });
  }
  if (retention !== undefined && retention !== channel.messageRetentionDays) {
    log.add({
      type: 'channel.property_changed.v1',
      data: { channelId: channel.channelId, property: 'message_retention_days', value: retention },
    });
    log.notify(notices.retentionNotice(actor, channel.messageRetentionDays, retention, state.realmRetentionDays));
  }
  if (cmd.is_archived === false) {
    log.add({ type: 'channel.unarchived.v1', data: { channelId: channel.channelId } });
    log.notify(notices.unarchivedNotice(channel.name));
  }
  if (description !== undefined && description !== channel.description) {
    log.add({
      type: 'channel.description_changed.v1',
      data: { channelId: channel.channelId, description, renderedDescription: state.renderDescription(description) },
    });
    log.notify(notices.descriptionNotice(actor, channel.description, description));
  }
  if (newName !== undefined) {
    log.add({ type: 'channel.renamed.v1', data: { channelId: channel.channelId, oldName: channel.name, name: newName } });
    log.notify(notices.renamedNotice(actor, channel.name, newName));
  }
  if (cmd.folder_id !== undefined && cmd.folder_id !== channel.folderId) {
    log.add({ type: 'channel.property_changed.v1', data: { channelId: channel.channelId, property: 'folder_id', value: cmd.folder_id } });
  }
  for (const [setting, value] of settings) {
    log.add({ type: 'channel.group_setting_changed.v1', data: { channelId: channel.channelId, setting, value } });
    if (setting === 'can_send_message_group')
      log.notify(notices.postingPermissionNotice(actor, holdersOf(ctx, channel.settings[setting]), holdersOf(ctx, value)));
  }
  return { events: log.events, notices: log.notices };
}

/** DELETE /streams/{stream_id}: Zulip's `do_deactivate_stream`: archived, no longer a default channel, with a notice. */
export function decideArchiveChannel(state: Pick<UpdateChannelState, 'ctx' | 'channel' | 'subscribed' | 'defaultChannels'>): ChannelChange {
  const channel = accessChannelToAdminister(state.ctx, state.channel, state.subscribed);
  if (channel.isArchived) throw badRequest('Channel is already deactivated');
  const log = new ChangeLog(channel, notices.channelEventsTopic(channel.topicsPolicy));
  log.add({ type: 'channel.archived.v1', data: { channelId: channel.channelId } });
  if (state.defaultChannels.channelIds.includes(channel.channelId)) {
    log.events.push({
      type: 'default_channel.removed.v1',
      aggregateId: DEFAULT_CHANNELS_AGGREGATE,
      sequence: state.defaultChannels.version + 1,
      data: { channelId: channel.channelId },
    });
  }
  log.notify(notices.archivedNotice(channel.name));
  return { events: log.events, notices: log.notices };
}

import type { Delivery } from '@zulip-es/event-queues';
import { changedChannel, type ChannelChangeEvent } from '@zulip-es/zulip-rules';
import type { Directory, DirectoryChannel } from '../directory/directory';
import type { ClientEventsOf } from './client-event';
import { groupSettingView } from './org-settings';
import { streamView } from './channels';

/** Zulip's `stream` `update` of one property, to those who may see the channel (as it is after the change). */
function streamUpdate(
  directory: Directory,
  before: DirectoryChannel,
  after: DirectoryChannel,
  property: string,
  value: unknown,
  extra: Record<string, unknown> = {},
): Delivery[] {
  return [
    {
      userIds: directory.channelViewerIds(after),
      event: { type: 'stream', op: 'update', stream_id: before.channelId, name: before.name, property, value, ...extra },
    },
  ];
}

/** The channel before and after an event the directory has not applied yet. */
function beforeAndAfter(directory: Directory, event: ChannelChangeEvent): [DirectoryChannel, DirectoryChannel] | null {
  const before = directory.channel(event.data.channelId);
  return before ? [before, changedChannel(before, event)] : null;
}

export const channelRenamed: ClientEventsOf<'channel.renamed.v1'> = (event, directory) => {
  const channels = beforeAndAfter(directory, event);
  return channels ? streamUpdate(directory, channels[0], channels[1], 'name', event.data.name) : [];
};

export const channelDescriptionChanged: ClientEventsOf<'channel.description_changed.v1'> = (event, directory) => {
  const channels = beforeAndAfter(directory, event);
  return channels
    ? streamUpdate(directory, channels[0], channels[1], 'description', event.data.description, {
        rendered_description: event.data.renderedDescription,
      })
    : [];
};

/**
 * Zulip's `do_change_stream_permission`: those who could not see the channel and now can get
 * `stream` `create` and its subscribers as `peer_add`; everyone else who sees it, the `invite_only`
 * update with the history and web-public values.
 */
export const channelPermissionChanged: ClientEventsOf<'channel.permission_changed.v1'> = (event, directory) => {
  const channels = beforeAndAfter(directory, event);
  if (!channels) return [];
  const [before, after] = channels;
  const seenBefore = new Set(directory.channelViewerIds(before));
  const newlySeeing = directory.channelViewerIds(after).filter((id) => !seenBefore.has(id));
  const { inviteOnly, historyPublicToSubscribers, isWebPublic } = event.data;
  const update = streamUpdate(directory, before, after, 'invite_only', inviteOnly, {
    history_public_to_subscribers: historyPublicToSubscribers,
    is_web_public: isWebPublic,
  });
  if (newlySeeing.length === 0) return update;
  const subscribers = directory.activeSubscriberIds(after).sort((a, b) => a - b);
  return [
    { userIds: newlySeeing, event: { type: 'stream', op: 'create', streams: [streamView(directory, after)] } },
    { userIds: newlySeeing, event: { type: 'subscription', op: 'peer_add', stream_ids: [after.channelId], user_ids: subscribers } },
    { ...update[0]!, userIds: update[0]!.userIds.filter((id) => !newlySeeing.includes(id)) },
  ];
};

export const channelPropertyChanged: ClientEventsOf<'channel.property_changed.v1'> = (event, directory) => {
  const channels = beforeAndAfter(directory, event);
  return channels ? streamUpdate(directory, channels[0], channels[1], event.data.property, event.data.value) : [];
};

export const channelGroupSettingChanged: ClientEventsOf<'channel.group_setting_changed.v1'> = (event, directory) => {
  const channels = beforeAndAfter(directory, event);
  return channels
    ? streamUpdate(directory, channels[0], channels[1], event.data.setting, groupSettingView(directory, event.data.value))
    : [];
};

/** Zulip's `do_deactivate_stream`: the `is_archived` update, then `stream` `delete`, to those who saw it. */
export const channelArchived: ClientEventsOf<'channel.archived.v1'> = (event, directory) => {
  const channels = beforeAndAfter(directory, event);
  if (!channels) return [];
  const [before, after] = channels;
  const viewers = directory.channelViewerIds(before);
  return [
    ...streamUpdate(directory, before, after, 'is_archived', true),
    {
      userIds: viewers,
      event: { type: 'stream', op: 'delete', streams: [{ stream_id: before.channelId }], stream_ids: [before.channelId] },
    },
  ];
};

/** Zulip's `do_unarchive_stream`: the `is_archived` update, then `stream` `create`. */
export const channelUnarchived: ClientEventsOf<'channel.unarchived.v1'> = (event, directory) => {
  const channels = beforeAndAfter(directory, event);
  if (!channels) return [];
  const [before, after] = channels;
  return [
    ...streamUpdate(directory, before, after, 'is_archived', false),
    { userIds: directory.channelViewerIds(after), event: { type: 'stream', op: 'create', streams: [streamView(directory, after)] } },
  ];
};

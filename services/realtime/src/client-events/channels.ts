import type { Delivery } from '@zulip-es/event-queues';
import { streamDict, subscriptionFields } from '@zulip-es/zulip-rules';
import type { Directory, DirectoryChannel, DirectoryUser } from '../directory/directory';
import { toOwner, type ClientEventsOf } from './client-event';

/** Zulip's channel dictionary, as `GET /streams` shows it. */
export const streamView = (directory: Directory, channel: DirectoryChannel): Record<string, unknown> =>
  streamDict(channel, (userId) => directory.user(userId)?.isActive === true, directory.activeSubscriberIds(channel).length);

const streamsCreated = (directory: Directory, channels: readonly DirectoryChannel[]): Delivery['event'] => ({
  type: 'stream',
  op: 'create',
  streams: channels.map((c) => streamView(directory, c)),
});

/** Zulip's `stream` `delete`, with the deprecated `streams` kept for older clients. */
const streamsDeleted = (channelIds: readonly number[]): Delivery['event'] => ({
  type: 'stream',
  op: 'delete',
  streams: channelIds.map((id) => ({ stream_id: id })),
  stream_ids: channelIds,
});

/** Zulip's `stream` `create`, to those who may see that the channel exists. */
export const channelCreated: ClientEventsOf<'channel.created.v1'> = ({ data }, directory) => {
  const channel: DirectoryChannel = { ...data, subscribers: new Set(), firstMessageId: null };
  return [{ userIds: directory.channelViewerIds(channel), event: streamsCreated(directory, [channel]) }];
};

/**
 * Each new subscriber gets `subscription` `add` with the channel as they now see it (their
 * color, the subscribers after the change), after `stream` `create` when they could not see the
 * channel before (a private one, or a public one for a guest); those who could already see the
 * channel's subscribers get `peer_add`.
 */
export const subscribersAdded: ClientEventsOf<'channel.subscribers_added.v1'> = ({ data }, directory) => {
  const before = directory.channel(data.channelId);
  if (!before) return [];
  const added = data.subscribers.map((s) => s.userId).filter((id) => directory.user(id)?.isActive);
  const after: DirectoryChannel = { ...before, subscribers: new Set([...before.subscribers, ...added]) };
  const subscribers = directory.activeSubscriberIds(after).sort((a, b) => a - b);
  const subscriptionAdds = data.subscribers
    .filter((s) => added.includes(s.userId))
    .map(({ userId, color }): Delivery => ({
      userIds: [userId],
      event: {
        type: 'subscription',
        op: 'add',
        subscriptions: [
          {
            ...streamView(directory, after),
            ...subscriptionFields(directory.subscriptionSettings(userId, data.channelId), color),
            subscribers,
          },
        ],
      },
    }));
  const newlyListing = added.filter((id) => !directory.listsChannel(directory.user(id)!, before));
  const peers = directory.channelViewerIds(before).filter((id) => !added.includes(id));
  return [
    { userIds: newlyListing, event: streamsCreated(directory, [after]) },
    ...subscriptionAdds,
    { userIds: peers, event: { type: 'subscription', op: 'peer_add', stream_ids: [data.channelId], user_ids: added } },
  ];
};

/**
 * Zulip's `subscription` `update`, to the user alone. A change of `is_muted` is told twice, first
 * as the legacy `in_home_view` (its inverse), as Zulip's `do_change_subscription_property` does.
 */
export const subscriptionPropertyChanged: ClientEventsOf<'subscription.property_changed.v1'> = ({ data }) => {
  const update = (property: string, value: string | boolean): Delivery['event'] => ({
    type: 'subscription',
    op: 'update',
    property,
    value,
    stream_id: data.channelId,
  });
  return [
    ...(data.property === 'is_muted' ? toOwner(data.userId, update('in_home_view', !data.value)) : []),
    ...toOwner(data.userId, update(data.property, data.value)),
  ];
};

/**
 * The removed subscribers get `subscription` `remove`, and `stream` `delete` if they may no
 * longer see the channel; those who still see it, `peer_remove`.
 */
export const subscribersRemoved: ClientEventsOf<'channel.subscribers_removed.v1'> = ({ data }, directory) => {
  const before = directory.channel(data.channelId);
  if (!before) return [];
  const removed = new Set(data.userIds);
  const after: DirectoryChannel = { ...before, subscribers: new Set([...before.subscribers].filter((id) => !removed.has(id))) };
  const active = data.userIds.flatMap((id) => {
    const user = directory.user(id);
    return user?.isActive ? [user] : [];
  });
  return [
    {
      userIds: active.map((u) => u.userId),
      event: { type: 'subscription', op: 'remove', subscriptions: [{ name: before.name, stream_id: before.channelId }] },
    },
    { userIds: active.filter((u) => !directory.listsChannel(u, after)).map((u) => u.userId), event: streamsDeleted([before.channelId]) },
    {
      userIds: directory.channelViewerIds(after).filter((id) => !removed.has(id)),
      event: { type: 'subscription', op: 'peer_remove', stream_ids: [data.channelId], user_ids: data.userIds },
    },
  ];
};

/** A user whose role changes is told of the channels they now see, and of those they no longer see. */
export function listedChannelsChanged(directory: Directory, before: DirectoryUser, after: DirectoryUser): Delivery[] {
  return listingChanged(directory, after.userId, directory.channelsListedBy(before), directory.channelsListedBy(after));
}

/**
 * A user who lists other channels than before (a new role, a group that grants access) gets
 * `stream` `create` for those gained, with each one's subscribers as `peer_add`, and `stream`
 * `delete` for those lost.
 */
export function listingChanged(
  directory: Directory,
  userId: number,
  before: readonly DirectoryChannel[],
  now: readonly DirectoryChannel[],
): Delivery[] {
  const was = new Set(before.map((c) => c.channelId));
  const gained = now.filter((c) => !was.has(c.channelId));
  const kept = new Set(now.map((c) => c.channelId));
  const lost = [...was].filter((id) => !kept.has(id)).sort((a, b) => a - b);
  const to = [userId];
  return [
    ...(gained.length > 0 ? [{ userIds: to, event: streamsCreated(directory, gained) }] : []),
    ...gained.flatMap((c) => {
      const subscribers = directory.activeSubscriberIds(c).sort((a, b) => a - b);
      return subscribers.length > 0
        ? [{ userIds: to, event: { type: 'subscription', op: 'peer_add', stream_ids: [c.channelId], user_ids: subscribers } }]
        : [];
    }),
    ...(lost.length > 0 ? [{ userIds: to, event: streamsDeleted(lost) }] : []),
  ];
}

const defaultStreams = (directory: Directory, channelIds: readonly number[]): Delivery[] => [
  {
    userIds: directory.activeNonGuestIds(),
    event: { type: 'default_streams', default_streams: [...new Set(channelIds)].sort((a, b) => a - b) },
  },
];

/** Zulip's `default_streams`: every default channel's id, to everyone but guests. */
export const defaultChannelAdded: ClientEventsOf<'default_channel.added.v1'> = ({ data }, directory) =>
  defaultStreams(directory, [...directory.defaultChannelIds(), data.channelId]);

export const defaultChannelRemoved: ClientEventsOf<'default_channel.removed.v1'> = ({ data }, directory) =>
  defaultStreams(
    directory,
    directory.defaultChannelIds().filter((id) => id !== data.channelId),
  );

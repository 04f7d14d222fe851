import type { ChannelGroupSettingsEventValue, MessagesEvent, TopicsPolicy } from '@zulip-es/contracts';
import { changedChannel, SystemGroupId } from '@zulip-es/zulip-rules';

/** One channel (`channel:<id>`): its settings and who is subscribed. */
export interface ChannelState {
  channelId: number;
  name: string;
  description: string;
  renderedDescription: string;
  creatorId: number | null;
  dateCreated: string;
  inviteOnly: boolean;
  isWebPublic: boolean;
  historyPublicToSubscribers: boolean;
  messageRetentionDays: number | null;
  topicsPolicy: TopicsPolicy;
  folderId: number | null;
  isArchived: boolean;
  settings: ChannelGroupSettingsEventValue;
  /**
   * Active subscriptions, sorted. Deactivated users keep theirs (as in Zulip, so reactivation
   * restores them) and are left out wherever subscribers are shown or counted.
   */
  subscriberIds: number[];
  /** The oldest message still in the channel (null: none); kept by message events later. */
  firstMessageId: number | null;
  version: number;
}

export const channelAggregateId = (channelId: number): string => `channel:${channelId}`;

/**
 * A channel document as stored: one projected before `can_create_topic_group` existed reads
 * with Zulip's default for it, as its events now parse.
 */
export function channelFromDocument(doc: ChannelState): ChannelState {
  const settings: Partial<ChannelGroupSettingsEventValue> = doc.settings;
  return settings.can_create_topic_group === undefined
    ? { ...doc, settings: { ...doc.settings, can_create_topic_group: SystemGroupId.EVERYONE } }
    : doc;
}

/** Events of one channel's aggregate: every `channel.*` event. */
export type ChannelEvent = Extract<MessagesEvent, { type: `channel.${string}` }>;

const sorted = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** Pure: the channel after `event`. */
export function evolveChannel(state: ChannelState | null, event: ChannelEvent, sequence: number): ChannelState {
  if (event.type === 'channel.created.v1') {
    return { ...event.data, isArchived: false, subscriberIds: [], firstMessageId: null, version: sequence };
  }
  if (!state) throw new Error(`${event.type} for unknown channel ${event.data.channelId}`);
  switch (event.type) {
    case 'channel.subscribers_added.v1':
      return {
        ...state,
        subscriberIds: sorted([...state.subscriberIds, ...event.data.subscribers.map((s) => s.userId)]),
        version: sequence,
      };
    case 'channel.subscribers_removed.v1': {
      const removed = new Set(event.data.userIds);
      return { ...state, subscriberIds: state.subscriberIds.filter((id) => !removed.has(id)), version: sequence };
    }
    case 'channel.renamed.v1':
    case 'channel.description_changed.v1':
    case 'channel.permission_changed.v1':
    case 'channel.property_changed.v1':
    case 'channel.group_setting_changed.v1':
    case 'channel.archived.v1':
    case 'channel.unarchived.v1':
      return { ...changedChannel(state, event), version: sequence };
    default: {
      const unexpected: never = event;
      throw new Error(`channel cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}

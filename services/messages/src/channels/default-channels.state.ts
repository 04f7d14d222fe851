import type { MessagesEvent } from '@zulip-es/contracts';

/** The organization's default channels (`default_channels`): new users join them. */
export interface DefaultChannelsState {
  channelIds: number[];
  version: number;
}

export const DEFAULT_CHANNELS_AGGREGATE = 'default_channels';
export const NO_DEFAULT_CHANNELS: DefaultChannelsState = { channelIds: [], version: 0 };

export type DefaultChannelEvent = Extract<MessagesEvent, { type: `default_channel.${string}` }>;

/** Pure: the default channels after `event`. */
export function evolveDefaultChannels(
  state: DefaultChannelsState | null,
  event: DefaultChannelEvent,
  sequence: number,
): DefaultChannelsState {
  const ids = state?.channelIds ?? [];
  switch (event.type) {
    case 'default_channel.added.v1':
      return { channelIds: [...new Set([...ids, event.data.channelId])].sort((a, b) => a - b), version: sequence };
    case 'default_channel.removed.v1':
      return { channelIds: ids.filter((id) => id !== event.data.channelId), version: sequence };
    default: {
      const unexpected: never = event;
      throw new Error(`default channels cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}

import { badRequest } from '@zulip-es/platform';
import { accessChannelById } from '../channel-lookup';
import type { ChannelsContext } from '../channels-context';
import type { ChannelState } from '../channel.state';
import { DEFAULT_CHANNELS_AGGREGATE, type DefaultChannelsState } from '../default-channels.state';
import type { UserSubscriptionsState } from '../user-subscriptions.state';
import type { MessagesDecision } from '../../shared/messages-new-event';

export interface DefaultChannelsDecisionState {
  ctx: ChannelsContext;
  channel: ChannelState | null;
  actorSubscriptions: UserSubscriptionsState;
  defaultChannels: DefaultChannelsState;
}

/**
 * Zulip's `add_default_stream` (administrators, checked by the operation): a channel the caller
 * can access, public; adding one that is already default changes nothing.
 */
export function decideAddDefaultChannel(state: DefaultChannelsDecisionState): MessagesDecision {
  const channel = accessChannelById(state.ctx, state.channel, state.actorSubscriptions, { requireContentAccess: true });
  if (channel.inviteOnly) throw badRequest('Private channels cannot be made default.');
  if (state.defaultChannels.channelIds.includes(channel.channelId)) return { events: [], reply: {} };
  return {
    events: [
      {
        type: 'default_channel.added.v1',
        aggregateId: DEFAULT_CHANNELS_AGGREGATE,
        sequence: state.defaultChannels.version + 1,
        data: { channelId: channel.channelId },
      },
    ],
    reply: {},
  };
}

/** Zulip's `remove_default_stream`: metadata access is enough; a channel that is not default changes nothing. */
export function decideRemoveDefaultChannel(state: DefaultChannelsDecisionState): MessagesDecision {
  const channel = accessChannelById(state.ctx, state.channel, state.actorSubscriptions, { requireContentAccess: false });
  if (!state.defaultChannels.channelIds.includes(channel.channelId)) return { events: [], reply: {} };
  return {
    events: [
      {
        type: 'default_channel.removed.v1',
        aggregateId: DEFAULT_CHANNELS_AGGREGATE,
        sequence: state.defaultChannels.version + 1,
        data: { channelId: channel.channelId },
      },
    ],
    reply: {},
  };
}

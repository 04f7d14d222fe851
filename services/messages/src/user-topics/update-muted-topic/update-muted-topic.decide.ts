import { VisibilityPolicy, type OperationData, type updateMutedTopic } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { accessChannelById, accessChannelByName } from '../../channels/channel-lookup';
import type { ChannelsContext } from '../../channels/channels-context';
import type { ChannelState } from '../../channels/channel.state';
import type { UserSubscriptionsState } from '../../channels/user-subscriptions.state';
import { setVisibilityPolicy } from '../set-visibility-policy';
import type { UserTopicsState } from '../user-topics.state';
import type { MessagesDecision } from '../../shared/messages-new-event';

export type UpdateMutedTopic = OperationData<typeof updateMutedTopic>;

export interface UpdateMutedTopicState {
  ctx: Pick<ChannelsContext, 'actor' | 'realm' | 'membership'>;
  /** The channel `stream_id` or `stream` names, if it exists. */
  channel: ChannelState | null;
  actorSubscriptions: UserSubscriptionsState;
  userTopics: UserTopicsState;
  now: Date;
}

/**
 * Zulip's `check_for_exactly_one_stream_arg`: neither names the more common parameter as missing
 * (a plain BAD_REQUEST, not REQUEST_VARIABLE_MISSING); both is an unsupported combination.
 */
export function checkExactlyOneChannelArg(cmd: Pick<UpdateMutedTopic, 'stream' | 'stream_id'>): void {
  if (cmd.stream_id === undefined && cmd.stream === undefined) throw badRequest("Missing 'stream_id' argument");
  if (cmd.stream_id !== undefined && cmd.stream !== undefined) {
    throw badRequest('Unsupported parameter combination: stream_id, stream', { parameters: 'stream_id, stream' });
  }
}

/**
 * E4, Zulip's deprecated `update_muted_topic`: `add` mutes with the normal channel access
 * (`access_stream_by_id` / `access_stream_by_name`); `remove` drops the policy and only needs the
 * channel to exist, reporting a missing one as "Topic is not muted". Since feature level 169
 * muting a muted topic or unmuting one that is not muted succeeds and changes nothing.
 */
export function decideUpdateMutedTopic(
  cmd: UpdateMutedTopic,
  state: UpdateMutedTopicState,
): MessagesDecision<'user_topic.visibility_policy_changed.v1'> {
  checkExactlyOneChannelArg(cmd);
  let channel: ChannelState;
  if (cmd.op === 'remove') {
    if (!state.channel) throw badRequest('Topic is not muted');
    channel = state.channel;
  } else if (cmd.stream !== undefined) {
    channel = accessChannelByName(state.ctx, cmd.stream, state.channel, state.actorSubscriptions);
  } else {
    channel = accessChannelById(state.ctx, state.channel, state.actorSubscriptions, { requireContentAccess: true });
  }
  const visibilityPolicy = cmd.op === 'add' ? VisibilityPolicy.MUTED : VisibilityPolicy.INHERIT;
  const events = setVisibilityPolicy(state.userTopics, { channelId: channel.channelId, topic: cmd.topic, visibilityPolicy }, state.now);
  return { events, reply: {} };
}

import { VisibilityPolicy, type OperationData, type updateUserTopic } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { accessChannelById } from '../../channels/channel-lookup';
import type { ChannelsContext } from '../../channels/channels-context';
import type { ChannelState } from '../../channels/channel.state';
import type { UserSubscriptionsState } from '../../channels/user-subscriptions.state';
import { setVisibilityPolicy } from '../set-visibility-policy';
import type { UserTopicsState } from '../user-topics.state';
import type { MessagesDecision } from '../../shared/messages-new-event';

export type UpdateUserTopic = OperationData<typeof updateUserTopic>;

export interface UpdateUserTopicState {
  ctx: Pick<ChannelsContext, 'actor' | 'realm' | 'membership'>;
  /** The channel `stream_id` names, if it exists. */
  channel: ChannelState | null;
  actorSubscriptions: UserSubscriptionsState;
  userTopics: UserTopicsState;
  now: Date;
}

/**
 * E3, Zulip's `update_user_topic`: removing a policy (0) only needs the channel to exist (a user
 * may clean up a topic of a channel they lost access to); setting one needs content access to the
 * channel (`access_stream_by_id`). Both answer an unknown channel with "Invalid channel ID".
 */
export function decideUpdateUserTopic(cmd: UpdateUserTopic, state: UpdateUserTopicState): MessagesDecision {
  const visibilityPolicy = cmd.visibility_policy as VisibilityPolicy;
  if (visibilityPolicy === VisibilityPolicy.INHERIT) {
    if (!state.channel) throw badRequest('Invalid channel ID');
  } else {
    accessChannelById(state.ctx, state.channel, state.actorSubscriptions, { requireContentAccess: true });
  }
  const events = setVisibilityPolicy(state.userTopics, { channelId: cmd.stream_id, topic: cmd.topic, visibilityPolicy }, state.now);
  return { events, reply: {} };
}

import { badRequest } from '@zulip-es/platform';
import { inChannelSetting, type AccessContext } from '../channels/channel-access';
import type { ChannelState } from '../channels/channel.state';
import { SystemGroupId } from '@zulip-es/zulip-rules';
import type { ReadUser } from '../users-read-model/users-read-model';

/** Whether starting a topic in this channel depends on who starts it (else the topic's existence need not be read). */
export const restrictsTopicCreation = (channel: ChannelState): boolean =>
  channel.settings.can_create_topic_group !== SystemGroupId.EVERYONE;

/**
 * Zulip's `check_for_can_create_topic_group_violation` (Zulip 12, feature level 441), for a
 * message sent or moved to `topic`: a topic with messages (matched case-insensitively) is open
 * to anyone who may post; a new one only to the channel's `can_create_topic_group`. No role is
 * exempt, administrators included. Zulip's cross-realm bots skip it (callers check).
 */
export function checkCanCreateTopic(
  ctx: AccessContext,
  user: Pick<ReadUser, 'userId' | 'role'>,
  channel: ChannelState,
  topicExists: boolean,
): void {
  if (!restrictsTopicCreation(channel) || topicExists) return;
  if (!inChannelSetting(ctx, user, channel, 'can_create_topic_group'))
    throw badRequest('You do not have permission to create new topics in this channel.');
}

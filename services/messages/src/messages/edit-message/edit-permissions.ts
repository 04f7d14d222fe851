import { Role } from '@zulip-es/contracts';
import { badRequest, DomainError } from '@zulip-es/platform';
import { hasRealmPermission, inChannelSetting, type AccessContext } from '../../channels/channel-access';
import type { ChannelState } from '../../channels/channel.state';
import type { ReadUser } from '../../users-read-model/users-read-model';
import type { MessageState } from '../message.state';
import { pastLimit, scanTimeLimits, type TopicMessage } from './move-selection';
import type { ResolveToggle } from './resolve-topic';

type Person = Pick<ReadUser, 'userId' | 'role'>;

/** Zulip's `validate_user_can_edit_message`: content is edited by its sender only, within the limit. */
export function checkCanEditContent(ctx: AccessContext, actor: Person, message: MessageState, now: number): void {
  if (!ctx.realm.allowMessageEditing) throw badRequest('Your organization has turned off message editing');
  if (message.senderId !== actor.userId) throw badRequest("You don't have permission to edit this message");
  if (pastLimit(message.timestamp, ctx.realm.messageContentEditLimitSeconds, now))
    throw badRequest('The time limit for editing this message has passed');
}

/** Organization moderators and administrators move messages whatever their age (Zulip's `is_moderator` checks). */
export const ignoresMoveTimeLimits = (actor: Person): boolean => actor.role <= Role.MODERATOR;

/** Zulip's `can_move_messages_within_channel`: the organization's or the channel's group. */
export const canMoveWithinChannel = (ctx: AccessContext, actor: Person, channel: ChannelState): boolean =>
  hasRealmPermission(ctx, actor, 'can_move_messages_between_topics_group') ||
  inChannelSetting(ctx, actor, channel, 'can_move_messages_within_channel_group');

/** Zulip's `can_resolve_topics`. */
export const canResolveTopics = (ctx: AccessContext, actor: Person, channel: ChannelState): boolean =>
  hasRealmPermission(ctx, actor, 'can_resolve_topics_group') || inChannelSetting(ctx, actor, channel, 'can_resolve_topics_group');

/** Zulip's `can_move_messages_out_of_channel`. */
export const canMoveOutOfChannel = (ctx: AccessContext, actor: Person, channel: ChannelState): boolean =>
  hasRealmPermission(ctx, actor, 'can_move_messages_between_channels_group') ||
  inChannelSetting(ctx, actor, channel, 'can_move_messages_out_of_channel_group');

/**
 * Zulip's topic checks in `check_update_message`: resolving needs `can_resolve_topics` and no
 * time limit; any other topic change needs `can_edit_topic` within the organization's limit.
 */
export function checkCanEditTopic(
  ctx: AccessContext,
  actor: Person,
  channel: ChannelState,
  message: MessageState,
  toggle: ResolveToggle,
  now: number,
): void {
  if (toggle !== null) {
    if (!canResolveTopics(ctx, actor, channel)) throw badRequest("You don't have permission to resolve topics in this channel.");
    return;
  }
  if (!canMoveWithinChannel(ctx, actor, channel)) throw badRequest("You don't have permission to edit this message");
  if (!ignoresMoveTimeLimits(actor) && pastLimit(message.timestamp, ctx.realm.moveMessagesWithinStreamLimitSeconds, now))
    throw badRequest("The time limit for editing this message's topic has passed.");
}

/**
 * Zulip's channel checks in `check_update_message`: moving out of the channel, posting in the
 * target (`check_stream_access_based_on_can_send_message_group`), within the organization's limit.
 */
export function checkCanMoveToChannel(
  ctx: AccessContext,
  actor: Person,
  channel: ChannelState,
  target: ChannelState,
  message: MessageState,
  now: number,
): void {
  if (!canMoveOutOfChannel(ctx, actor, channel)) throw badRequest("You don't have permission to move this message");
  if (!inChannelSetting(ctx, actor, target, 'can_send_message_group'))
    throw badRequest('You do not have permission to post in this channel.');
  if (!ignoresMoveTimeLimits(actor) && pastLimit(message.timestamp, ctx.realm.moveMessagesBetweenStreamsLimitSeconds, now))
    throw badRequest("The time limit for editing this message's channel has passed");
}

/**
 * Zulip's `check_time_limit_for_change_all_propagate_mode`: a whole-topic move by someone bound
 * by time limits is refused unless every message of the topic they can see is recent enough for
 * each limit (null: none), and the error tells what they may move.
 */
export function checkTimeLimitForChangeAll(topicMessages: readonly TopicMessage[], limits: readonly (number | null)[], now: number): void {
  const scan = scanTimeLimits(topicMessages, limits, now);
  if (!scan) return;
  throw new DomainError(
    'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    `You only have permission to move the ${scan.allowed}/${scan.total} most recent messages in this topic.`,
    {
      first_message_id_allowed_to_move: scan.firstAllowedId,
      total_messages_allowed_to_move: scan.allowed,
      total_messages_in_topic: scan.total,
    },
  );
}

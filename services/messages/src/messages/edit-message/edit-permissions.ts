import { Role } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { hasRealmPermission, inChannelSetting, type AccessContext } from '../../channels/channel-access';
import type { ChannelState } from '../../channels/channel.state';
import type { ReadUser } from '../../users-read-model/users-read-model';
import type { MessageState } from '../message.state';
import { pastLimit } from './move-selection';

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

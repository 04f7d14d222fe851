import { badRequest } from '@zulip-es/platform';
import { hasRealmPermission, inChannelSetting, type AccessContext } from '../../channels/channel-access';
import type { ChannelState } from '../../channels/channel.state';
import type { ReadUser } from '../../users-read-model/users-read-model';
import { MESSAGES_AGGREGATE, type MessageState } from '../message.state';
import type { MessagesDecision } from '../../shared/messages-new-event';

export interface DeleteMessageState {
  ctx: AccessContext;
  actor: ReadUser;
  /** The message, when it exists and the actor may read it (else Zulip's `Invalid message(s)`). */
  message: MessageState | null;
  channel: ChannelState | null;
  messagesVersion: number;
}

/**
 * Zulip's `validate_can_delete_message`: the organization's or the channel's
 * `can_delete_any_message_group` may delete anything; otherwise only one's own messages, with
 * `can_delete_own_message_group` (the organization's or the channel's), within
 * `message_content_delete_limit_seconds` of sending (null: no limit).
 */
export function decideDeleteMessage(state: DeleteMessageState, now: Date): MessagesDecision {
  const { ctx, actor, message, channel } = state;
  if (!message) throw badRequest('Invalid message(s)');
  const inChannel = (name: 'can_delete_any_message_group' | 'can_delete_own_message_group'): boolean =>
    channel !== null && inChannelSetting(ctx, actor, channel, name);
  const canDeleteAny = hasRealmPermission(ctx, actor, 'can_delete_any_message_group') || inChannel('can_delete_any_message_group');
  if (!canDeleteAny) {
    const refused = badRequest("You don't have permission to delete this message");
    if (message.senderId !== actor.userId) throw refused;
    if (!hasRealmPermission(ctx, actor, 'can_delete_own_message_group') && !inChannel('can_delete_own_message_group')) throw refused;
    const limit = ctx.realm.messageContentDeleteLimitSeconds;
    if (limit !== null && message.timestamp + limit < now.getTime() / 1000)
      throw badRequest('The time limit for deleting this message has passed');
  }
  return {
    events: [
      {
        type: 'messages.deleted.v1',
        aggregateId: MESSAGES_AGGREGATE,
        sequence: state.messagesVersion + 1,
        data: { messageIds: [message.messageId], conversation: message.conversation },
      },
    ],
    reply: {},
  };
}

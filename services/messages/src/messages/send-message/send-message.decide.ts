import { isSystemBotUser, REALM_EMPTY_TOPIC_DISPLAY_NAME, type MessageConversation, type Submessage } from '@zulip-es/contracts';
import { alertedUserIds, sentByHuman, type AlertWordIndex } from '@zulip-es/message-flags';
import { badRequest, DomainError } from '@zulip-es/platform';
import { hasRealmPermission, inChannelSetting, isGuest } from '../../channels/channel-access';
import type { ChannelsContext } from '../../channels/channels-context';
import type { ChannelState } from '../../channels/channel.state';
import { activeSubscription, type UserSubscriptionsState } from '../../channels/user-subscriptions.state';
import type { ReadUser } from '../../users-read-model/users-read-model';
import { apiEmail } from '@zulip-es/zulip-rules';
import { MESSAGES_AGGREGATE, RecipientIds } from '../message.state';
import type { RenderContext } from '@zulip-es/zulip-markdown';
import { renderContent } from '../render-content';
import { checkCanCreateTopic } from '../topic-creation';
import { checkWildcardMentions, wildcardMentions } from '../wildcard-mentions';
import type { Addressee } from './addressee';
import { claimedPathIds, claimsField, type LinkedUploads } from '../../attachments/upload-claims';
import { normalizeContent, normalizeTopic } from './message-text';
import { djangoEscape } from '../../shared/django-escape';
import { widgetData } from '../widgets/widget-data';
import { pythonJsonDumps } from '../widgets/python-json';
import type { MessagesDecision, MessagesNewEvent } from '../../shared/messages-new-event';

export interface SendState {
  ctx: Pick<ChannelsContext, 'realm' | 'membership' | 'user' | 'userByApiEmail'>;
  sender: ReadUser;
  /** The addressed channel as found by name or id (null: none). */
  channel: ChannelState | null;
  senderSubscriptions: UserSubscriptionsState;
  lastMessageId: number;
  messagesVersion: number;
  /** The number of the addressed group conversation, if it had messages before. */
  dmGroupNo: number | null;
  /** The highest group conversation number given so far: read for a group conversation only (else null). */
  lastDmGroupNo: number | null;
  /**
   * Who a wildcard mention would reach in the addressed channel and topic (loaded only when the
   * content may hold a mention; absent: none checked): its active subscribers, and the distinct
   * senders of the topic's messages so far (read only when the content mentions the topic).
   */
  wildcardAudience?: { channelSubscribers: number; topicParticipantIds?: readonly number[]; threshold: number };
  /** Whether the addressed topic has messages (read only when the channel restricts topic creation). */
  topicExists?: boolean;
  /** The existing uploads the content links to (absent: none). */
  linkedUploads?: LinkedUploads;
  /** The organization's alert words (absent: none matched). */
  alertWords?: AlertWordIndex;
  /** The organization as the sender sees it, for rendering. */
  render: RenderContext;
}

export interface SendInput {
  addressee: Addressee;
  content: string;
  client: string;
  /** Zulip's `read_by_sender`; absent: whether the client is one of Zulip's own apps. */
  readBySender?: boolean;
}

/** Zulip's system bots (cross-realm): they may post anywhere and skip the access checks. */
const isSystemBot = (user: ReadUser): boolean => isSystemBotUser(user);

/** Sending one message: its `message.sent.v1`, and the new id. */
export type SendDecision = MessagesDecision<'message.sent.v1'>;

/** Zulip's `check_message` + `do_send_messages` for one message: the event, and the new id. */
export function decideSendMessage(input: SendInput, state: SendState, now: Date): SendDecision {
  const { addressee } = input;
  const recipients = addressee.kind === 'direct' ? resolveRecipients(state, addressee.recipients) : [];
  const content = normalizeContent(input.content);
  const renderedContent = renderContent(content, state.render);
  const messageId = state.lastMessageId + 1;
  let topicParticipantIds: readonly number[] | undefined;
  let conversation: MessageConversation;
  let recipientId: number;
  let readerIds: readonly number[];
  if (addressee.kind === 'channel') {
    const topic = normalizeTopic(addressee.topic);
    const channel = checkChannel(state, addressee.channel);
    if (!isSystemBot(state.sender)) checkCanCreateTopic(state.ctx, state.sender, channel, state.topicExists ?? false);
    checkTopicsPolicy(state, channel, topic);
    if (state.wildcardAudience) {
      const { channelSubscribers, topicParticipantIds: participants, threshold } = state.wildcardAudience;
      const mentions = wildcardMentions(renderedContent);
      if (mentions.topic && !participants) throw new Error('the topic participants were not read for a topic wildcard mention');
      if (!isSystemBot(state.sender)) {
        checkWildcardMentions(mentions, {
          channelSubscribers,
          topicParticipants: participants?.length ?? 0,
          threshold,
          canMentionManyUsers: hasRealmPermission(state.ctx, state.sender, 'can_mention_many_users_group'),
        });
      }
      if (mentions.topic) topicParticipantIds = participants;
    }
    conversation = { type: 'channel', channelId: channel.channelId, topic };
    recipientId = RecipientIds.channel(channel.channelId);
    readerIds = channel.subscriberIds;
  } else {
    const inactive = recipients.find((u) => !u.isActive);
    if (inactive) throw badRequest(`'${apiEmail(inactive, state.ctx.realm)}' is no longer using Zulip.`);
    const userIds = [...new Set([state.sender.userId, ...recipients.map((u) => u.userId)])].sort((a, b) => a - b);
    conversation = { type: 'direct', userIds };
    const other = userIds.find((id) => id !== state.sender.userId);
    if (userIds.length <= 2) recipientId = RecipientIds.personal(other ?? state.sender.userId);
    else recipientId = RecipientIds.group(state.dmGroupNo ?? nextDmGroupNo(state.lastDmGroupNo));
    readerIds = userIds;
  }
  const alerted = alertedUserIds(content, state.alertWords, readerIds);
  const sequence = state.messagesVersion + 1;
  const event: MessagesNewEvent<'message.sent.v1'> = {
    type: 'message.sent.v1',
    aggregateId: MESSAGES_AGGREGATE,
    sequence,
    data: {
      messageId,
      senderId: state.sender.userId,
      conversation,
      recipientId,
      content,
      renderedContent,
      sentAt: now.toISOString(),
      client: input.client,
      readBySender: input.readBySender ?? sentByHuman(input.client),
      ...(topicParticipantIds ? { topicParticipantIds: [...topicParticipantIds] } : {}),
      ...(alerted.length > 0 ? { alertWordUserIds: alerted } : {}),
      ...claimsField(claimedPathIds(content, state.ctx.realm.host, state.sender.userId, state.linkedUploads ?? {})),
      ...widgetField(content, state.sender.userId, sequence),
    },
  };
  return { events: [event], reply: { id: messageId } };
}

/** Zulip's `do_widget_post_save_actions`: a `/poll` or `/todo` message carries its widget, as the sender's first submessage. */
function widgetField(content: string, senderId: number, sequence: number): { submessages?: Submessage[] } {
  const widget = widgetData(content);
  if (!widget) return {};
  const submessage = {
    submessageId: sequence,
    senderId,
    msgType: 'widget',
    content: pythonJsonDumps({ widget_type: widget.widgetType, extra_data: widget.extraData }),
  };
  return { submessages: [submessage] };
}

/** Zulip's `get_user_profiles` for direct recipients: every email or id must name a user. */
function resolveRecipients(state: SendState, recipients: { emails: string[] } | { userIds: number[] }): ReadUser[] {
  if ('emails' in recipients) {
    return recipients.emails.map((email) => {
      const user = state.ctx.userByApiEmail(email);
      if (!user) throw badRequest(`Invalid email '${email}'`);
      return user;
    });
  }
  return recipients.userIds.map((id) => {
    const user = state.ctx.user(id);
    if (!user) throw badRequest(`Invalid user ID ${id}`);
    return user;
  });
}

/** Zulip's `validate_stream_*_with_pm_notification` and `access_stream_for_send_message`. */
function checkChannel(state: SendState, wanted: { name: string } | { id: number }): ChannelState {
  const { channel, sender, ctx } = state;
  if (!channel) {
    if ('id' in wanted)
      throw new DomainError('STREAM_DOES_NOT_EXIST', `Channel with ID '${wanted.id}' does not exist`, { stream_id: wanted.id });
    const name = wanted.name.trim();
    throw new DomainError('STREAM_DOES_NOT_EXIST', `Channel '${djangoEscape(name)}' does not exist`, { stream: djangoEscape(name) });
  }
  if (isSystemBot(sender)) return channel;
  if (!inChannelSetting(ctx, sender, channel, 'can_send_message_group'))
    throw badRequest('You do not have permission to post in this channel.');
  const refused = badRequest(`Not authorized to send to channel '${channel.name}'`);
  if (channel.isArchived) throw refused;
  if (channel.isWebPublic) return channel;
  if (!channel.inviteOnly && !isGuest(sender)) return channel;
  if (activeSubscription(state.senderSubscriptions, channel.channelId)) return channel;
  throw refused;
}

/** Zulip's `topics_policy`: a channel may require topics, or allow only the empty one. */
function checkTopicsPolicy(state: SendState, channel: ChannelState, topic: string): void {
  checkChannelTopicsPolicy(state.ctx.realm, channel, topic);
}

/** The channel's topics policy (or the organization's, for `inherit`) for a message to `topic`: sent there or moved there. */
export function checkChannelTopicsPolicy(
  realm: Pick<SendState['ctx']['realm'], 'topicsPolicy'>,
  channel: ChannelState,
  topic: string,
): void {
  const policy = channel.topicsPolicy === 'inherit' ? realm.topicsPolicy : channel.topicsPolicy;
  if (policy === 'disable_empty_topic' && topic === '') {
    throw new DomainError(
      'TOPICS_REQUIRED',
      `Sending messages to the ${REALM_EMPTY_TOPIC_DISPLAY_NAME} topic is not allowed in this channel.`,
    );
  }
  if (policy === 'empty_topic_only' && topic !== '') {
    throw badRequest(`Only the ${REALM_EMPTY_TOPIC_DISPLAY_NAME} topic is allowed in this channel.`);
  }
}

export const sendMessageReplyFrom = (events: readonly { type: string; data: Record<string, unknown> }[]): Record<string, unknown> => ({
  id: events.find((e) => e.type === 'message.sent.v1')?.data.messageId,
});

/** A new group conversation's number; the handler reads the last one for every group conversation. */
function nextDmGroupNo(last: number | null): number {
  if (last === null) throw new Error('the last group conversation number was not read for a group conversation');
  return last + 1;
}

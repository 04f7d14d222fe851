import type { AlertWordIndex } from '@zulip-es/message-flags';
import { createHash } from 'node:crypto';
import { RESOLVED_TOPIC_PREFIX } from '@zulip-es/contracts';
import { badRequest, DomainError } from '@zulip-es/platform';
import { hasRealmPermission, inChannelSetting, type AccessContext } from '../../channels/channel-access';
import type { ChannelState } from '../../channels/channel.state';
import type { ReadUser } from '../../users-read-model/users-read-model';
import type { MessageState } from '../message.state';
import { NO_ORGANIZATION, renderContent } from '../render-content';
import type { RenderContext } from '@zulip-es/zulip-markdown';
import { normalizeContent, normalizeTopic } from '../send-message/message-text';
import { checkChannelTopicsPolicy } from '../send-message/send-message.decide';
import { checkWildcardMentions, wildcardMentions } from '../wildcard-mentions';
import {
  canMoveOutOfChannel,
  canMoveWithinChannel,
  canResolveTopics,
  checkCanEditContent,
  ignoresMoveTimeLimits,
} from './edit-permissions';
import type { EditRequest } from './edit-request';
import { pastLimit } from './move-selection';
import { resolveToggle, type ResolveToggle } from './resolve-topic';
import type { LinkedUploads } from '../../attachments/upload-claims';
import type { PreviousClaim } from '../../attachments/detached-uploads';

/**
 * What an edit is checked against before anything that grows with the topic is read: the
 * message, its channel, the move's target, the wildcard audience (one document at most).
 */
export interface EditCheckState {
  ctx: AccessContext;
  actor: ReadUser;
  /** The message, when it exists and the actor may read it (else Zulip's `Invalid message(s)`). */
  message: MessageState | null;
  /** The message's channel (channel messages). */
  channel: ChannelState | null;
  /** `stream_id`'s channel when it exists and the actor has content access to it, else null. */
  targetChannel: ChannelState | null;
  /**
   * Who a wildcard mention in the new content would reach (content edits of channel messages):
   * the channel's active subscribers, and the topic's participants (read only when the content
   * mentions the topic).
   */
  wildcardAudience: { channelSubscribers: number; topicParticipants: number };
  wildcardThreshold: number;
  /** Content edits: the organization as the editor sees it, for rendering (absent: no content edit). */
  render?: RenderContext;
  notificationBotId: number | null;
  messagesVersion: number;
  /** Content edits: the existing uploads the new content links to (absent: none). */
  linkedUploads?: LinkedUploads;
  /** Content edits: the existing uploads the message claims before the edit, by path id (absent: none). */
  previousClaims?: Readonly<Record<string, PreviousClaim>>;
  /** The organization's alert words (content edits: `has_alert_word` follows the new content). */
  alertWords?: AlertWordIndex;
}

/** An edit that passed every check that needs none of the topic's messages. */
export interface CheckedEdit {
  message: MessageState;
  oldTopic: string;
  /** The topic asked for, when it differs from the current one (not yet truncated). */
  wantedTopic?: string;
  /** The destination topic's name (the current one when the topic stays). */
  newTopicName: string;
  /** Whether the topic change resolves or unresolves the topic (null: neither). */
  toggle: ResolveToggle;
  channel: ChannelState | null;
  /** The destination of a channel change (null: the channel stays). */
  target: ChannelState | null;
  /** Content edits: the new content and its rendering. */
  content?: { content: string; renderedContent: string };
  /** Whether messages move (a channel message given another topic or channel): only then are the topic's messages read. */
  moves: boolean;
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Zulip's `check_update_message` up to `check_time_limit_for_change_all_propagate_mode`, in its
 * order: access, content permission, payload, the target channel and topics policy, topic
 * permission and time limit, wildcard mentions, channel permissions and time limit. None of it
 * needs the topic's messages, which a move reads only once these passed: whoever may not move
 * the message costs no more than one that cannot be found.
 */
export function checkEditMessage(request: EditRequest, state: EditCheckState, now: Date): CheckedEdit {
  const { ctx, actor, message } = state;
  const nowSeconds = now.getTime() / 1000;
  if (!message) throw badRequest('Invalid message(s)');
  if (request.content !== undefined) checkCanEditContent(ctx, actor, message, nowSeconds);

  const { conversation } = message;
  const oldTopic = conversation.type === 'channel' ? conversation.topic : '';
  const wantedTopic =
    request.topic !== undefined && !(conversation.type === 'channel' && request.topic === oldTopic) ? request.topic : undefined;
  const wantedChannelId =
    request.channelId !== undefined && !(conversation.type === 'channel' && request.channelId === conversation.channelId)
      ? request.channelId
      : undefined;

  if (request.content === undefined && wantedTopic === undefined && wantedChannelId === undefined) throw badRequest('Nothing to change');
  if (conversation.type === 'direct') {
    if (request.channelId !== undefined) throw badRequest('Direct messages cannot be moved to channels.');
    if (request.topic !== undefined) throw badRequest('Direct messages cannot have topics.');
  }
  if (request.propagateMode !== 'change_one' && wantedTopic === undefined && wantedChannelId === undefined)
    throw badRequest('Invalid propagate_mode without topic edit');
  if (
    wantedTopic !== undefined &&
    (wantedTopic === RESOLVED_TOPIC_PREFIX.trim() || wantedTopic === `${RESOLVED_TOPIC_PREFIX}general chat`)
  ) {
    throw badRequest('General chat cannot be marked as resolved');
  }
  const newTopicName = wantedTopic !== undefined ? normalizeTopic(wantedTopic) : oldTopic;
  if (request.content !== undefined && wantedChannelId !== undefined)
    throw badRequest('Cannot change message content while changing channel');
  // Zulip's `is_widget_message`: every message with submessages carries a widget.
  if (request.content !== undefined && (message.submessages?.length ?? 0) > 0) throw badRequest('Widgets cannot be edited.');
  if (request.prevContentSha256 !== undefined && request.prevContentSha256 !== sha256(message.content)) {
    throw new DomainError('EXPECTATION_MISMATCH', "'prev_content_sha256' value does not match the expected value.");
  }

  const toggle = wantedTopic !== undefined ? resolveToggle(oldTopic, wantedTopic) : null;
  const channel = state.channel;
  let target: ChannelState | null = null;
  if (wantedChannelId !== undefined) {
    target = state.targetChannel;
    if (!target) throw badRequest('Invalid channel ID');
  }

  if ((wantedTopic !== undefined || target) && channel) checkChannelTopicsPolicy(ctx.realm, target ?? channel, newTopicName);

  if (wantedTopic !== undefined && channel) {
    if (toggle !== null) {
      if (!canResolveTopics(ctx, actor, channel)) throw badRequest("You don't have permission to resolve topics in this channel.");
    } else {
      if (!canMoveWithinChannel(ctx, actor, channel)) throw badRequest("You don't have permission to edit this message");
      if (!ignoresMoveTimeLimits(actor) && pastLimit(message.timestamp, ctx.realm.moveMessagesWithinStreamLimitSeconds, nowSeconds)) {
        throw badRequest("The time limit for editing this message's topic has passed.");
      }
    }
  }

  let content: CheckedEdit['content'];
  if (request.content !== undefined) {
    const normalized = normalizeContent(request.content.trim() === '' ? '(deleted)' : request.content);
    content = { content: normalized, renderedContent: renderContent(normalized, state.render ?? NO_ORGANIZATION) };
    if (conversation.type === 'channel') {
      checkWildcardMentions(wildcardMentions(content.renderedContent), {
        ...state.wildcardAudience,
        canMentionManyUsers: hasRealmPermission(ctx, actor, 'can_mention_many_users_group'),
        threshold: state.wildcardThreshold,
      });
    }
  }

  if (target && channel) {
    if (!canMoveOutOfChannel(ctx, actor, channel)) throw badRequest("You don't have permission to move this message");
    if (!inChannelSetting(ctx, actor, target, 'can_send_message_group'))
      throw badRequest('You do not have permission to post in this channel.');
    if (!ignoresMoveTimeLimits(actor) && pastLimit(message.timestamp, ctx.realm.moveMessagesBetweenStreamsLimitSeconds, nowSeconds)) {
      throw badRequest("The time limit for editing this message's channel has passed");
    }
  }

  const moves = (wantedTopic !== undefined || target !== null) && channel !== null && conversation.type === 'channel';
  return {
    message,
    oldTopic,
    ...(wantedTopic !== undefined ? { wantedTopic } : {}),
    newTopicName,
    toggle,
    channel,
    target,
    ...(content ? { content } : {}),
    moves,
  };
}

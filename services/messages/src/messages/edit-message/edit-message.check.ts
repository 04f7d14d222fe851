import type { AlertWordIndex } from '@zulip-es/message-flags';
import { badRequest } from '@zulip-es/platform';
import { hasRealmPermission, type AccessContext } from '../../channels/channel-access';
import type { ChannelState } from '../../channels/channel.state';
import type { ReadUser } from '../../users-read-model/users-read-model';
import type { MessageState } from '../message.state';
import { NO_ORGANIZATION, renderContent } from '../render-content';
import type { RenderContext } from '@zulip-es/zulip-markdown';
import { normalizeContent } from '../send-message/message-text';
import { checkChannelTopicsPolicy } from '../send-message/send-message.decide';
import { checkWildcardMentions, wildcardMentions } from '../wildcard-mentions';
import { checkCanEditContent, checkCanEditTopic, checkCanMoveToChannel } from './edit-permissions';
import { validateEditPayload, wantedChanges } from './edit-payload';
import type { EditRequest } from './edit-request';
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

export interface EditedContent {
  content: string;
  renderedContent: string;
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
  content?: EditedContent;
  /** Whether messages move (a channel message given another topic or channel): only then are the topic's messages read. */
  moves: boolean;
}

/** Zulip's `access_message`: the message exists and the actor may read it. */
export function checkMessageAccess(message: MessageState | null): MessageState {
  if (!message) throw badRequest('Invalid message(s)');
  return message;
}

/** Zulip's `access_stream_by_id_for_message`: the handler found the target only if the actor has content access to it. */
export function checkTargetChannel(target: ChannelState | null): ChannelState {
  if (!target) throw badRequest('Invalid channel ID');
  return target;
}

/** Zulip's `build_message_edit_request` for content: blank content reads "(deleted)"; rendered as the editor's organization. */
export function editedContent(raw: string, render: RenderContext | undefined): EditedContent {
  const content = normalizeContent(raw.trim() === '' ? '(deleted)' : raw);
  return { content, renderedContent: renderContent(content, render ?? NO_ORGANIZATION) };
}

/** Zulip's wildcard mention checks of edited content (channel messages only). */
export function checkEditedWildcards(content: EditedContent, message: MessageState, state: EditCheckState): void {
  if (message.conversation.type !== 'channel') return;
  checkWildcardMentions(wildcardMentions(content.renderedContent), {
    ...state.wildcardAudience,
    canMentionManyUsers: hasRealmPermission(state.ctx, state.actor, 'can_mention_many_users_group'),
    threshold: state.wildcardThreshold,
  });
}

/**
 * Zulip's `check_update_message` up to `check_time_limit_for_change_all_propagate_mode`, in its
 * order: access, content permission, payload, the target channel and topics policy, topic
 * permission and time limit, wildcard mentions, channel permissions and time limit. None of it
 * needs the topic's messages, which a move reads only once these passed: whoever may not move
 * the message costs no more than one that cannot be found.
 */
export function checkEditMessage(request: EditRequest, state: EditCheckState, now: Date): CheckedEdit {
  const { ctx, actor, channel } = state;
  const nowSeconds = now.getTime() / 1000;
  const message = checkMessageAccess(state.message);
  if (request.content !== undefined) checkCanEditContent(ctx, actor, message, nowSeconds);
  const wanted = wantedChanges(request, message);
  const newTopicName = validateEditPayload(request, message, wanted);
  const oldTopic = message.conversation.type === 'channel' ? message.conversation.topic : '';
  const toggle = wanted.topic !== undefined ? resolveToggle(oldTopic, wanted.topic) : null;
  const target = wanted.channelId !== undefined ? checkTargetChannel(state.targetChannel) : null;
  if (channel && (wanted.topic !== undefined || target)) checkChannelTopicsPolicy(ctx.realm, target ?? channel, newTopicName);
  if (channel && wanted.topic !== undefined) checkCanEditTopic(ctx, actor, channel, message, toggle, nowSeconds);
  const content = request.content !== undefined ? editedContent(request.content, state.render) : undefined;
  if (content) checkEditedWildcards(content, message, state);
  if (channel && target) checkCanMoveToChannel(ctx, actor, channel, target, message, nowSeconds);
  return {
    message,
    oldTopic,
    ...(wanted.topic !== undefined ? { wantedTopic: wanted.topic } : {}),
    newTopicName,
    toggle,
    channel,
    target,
    ...(content ? { content } : {}),
    moves: (wanted.topic !== undefined || target !== null) && channel !== null && message.conversation.type === 'channel',
  };
}

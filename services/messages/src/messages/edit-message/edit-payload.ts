import { createHash } from 'node:crypto';
import { RESOLVED_TOPIC_PREFIX } from '@zulip-es/contracts';
import { badRequest, DomainError } from '@zulip-es/platform';
import type { MessageState } from '../message.state';
import { normalizeTopic } from '../send-message/message-text';
import type { EditRequest } from './edit-request';

/** What the request asks to change: a topic or channel equal to the message's own is no change (Zulip drops it). */
export interface WantedChanges {
  /** The topic asked for, when it differs from the current one (not yet truncated). */
  topic: string | undefined;
  /** The channel asked for, when it differs from the message's. */
  channelId: number | undefined;
}

export function wantedChanges(request: EditRequest, message: MessageState): WantedChanges {
  const { conversation } = message;
  const isChannel = conversation.type === 'channel';
  return {
    topic: request.topic !== undefined && !(isChannel && request.topic === conversation.topic) ? request.topic : undefined,
    channelId:
      request.channelId !== undefined && !(isChannel && request.channelId === conversation.channelId) ? request.channelId : undefined,
  };
}

const movesAnything = (wanted: WantedChanges): boolean => wanted.topic !== undefined || wanted.channelId !== undefined;

export function checkSomethingChanges(request: EditRequest, wanted: WantedChanges): void {
  if (request.content === undefined && !movesAnything(wanted)) throw badRequest('Nothing to change');
}

/** A direct message has only content to edit (the raw request counts: even its current channel or topic is refused). */
export function checkDirectMessageEdit(request: EditRequest, message: MessageState): void {
  if (message.conversation.type !== 'direct') return;
  if (request.channelId !== undefined) throw badRequest('Direct messages cannot be moved to channels.');
  if (request.topic !== undefined) throw badRequest('Direct messages cannot have topics.');
}

/** `change_later` and `change_all` say which messages move: nothing moves without a topic or channel change. */
export function checkPropagateMode(request: EditRequest, wanted: WantedChanges): void {
  if (request.propagateMode !== 'change_one' && !movesAnything(wanted)) throw badRequest('Invalid propagate_mode without topic edit');
}

export function checkNotResolvingGeneralChat(wantedTopic: string | undefined): void {
  if (wantedTopic === RESOLVED_TOPIC_PREFIX.trim() || wantedTopic === `${RESOLVED_TOPIC_PREFIX}general chat`)
    throw badRequest('General chat cannot be marked as resolved');
}

export function checkContentStaysInChannel(request: EditRequest, wanted: WantedChanges): void {
  if (request.content !== undefined && wanted.channelId !== undefined)
    throw badRequest('Cannot change message content while changing channel');
}

/** Zulip's `is_widget_message`: every message with submessages carries a widget. */
export function checkNotWidget(request: EditRequest, message: MessageState): void {
  if (request.content !== undefined && (message.submessages?.length ?? 0) > 0) throw badRequest('Widgets cannot be edited.');
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** `prev_content_sha256`: the client edited the content it last saw. */
export function checkPrevContentHash(request: EditRequest, message: MessageState): void {
  if (request.prevContentSha256 !== undefined && request.prevContentSha256 !== sha256(message.content))
    throw new DomainError('EXPECTATION_MISMATCH', "'prev_content_sha256' value does not match the expected value.");
}

/**
 * Zulip's `validate_message_edit_payload`, in its order. Returns the destination topic's name:
 * the wanted one checked and truncated (Zulip's `check_stream_topic`, between the resolve and
 * the content checks), else the current one.
 */
export function validateEditPayload(request: EditRequest, message: MessageState, wanted: WantedChanges): string {
  checkSomethingChanges(request, wanted);
  checkDirectMessageEdit(request, message);
  checkPropagateMode(request, wanted);
  checkNotResolvingGeneralChat(wanted.topic);
  const { conversation } = message;
  const newTopicName =
    wanted.topic !== undefined ? normalizeTopic(wanted.topic) : conversation.type === 'channel' ? conversation.topic : '';
  checkContentStaysInChannel(request, wanted);
  checkNotWidget(request, message);
  checkPrevContentHash(request, message);
  return newTopicName;
}

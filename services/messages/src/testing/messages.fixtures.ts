import type { ChannelsContext } from '../channels/channels-context';
import type { EditMessageState } from '../messages/edit-message/edit-message.decide';
import type { MessageState } from '../messages/message.state';
import { U } from './users.fixtures';

/** 2026-03-01T12:00:00Z in seconds: when fixture messages were sent. */
export const SENT_AT = Date.parse('2026-03-01T12:00:00.000Z') / 1000;

/** A member's message in topic "lunch" of channel 5, with what a test needs changed (its version is its id). */
export function channelMessage(overrides: Partial<MessageState> = {}): MessageState {
  const messageId = overrides.messageId ?? 20;
  return {
    messageId,
    senderId: U.member,
    conversation: { type: 'channel', channelId: 5, topic: 'lunch' },
    recipientId: 15,
    content: 'hello',
    renderedContent: '<p>hello</p>',
    timestamp: SENT_AT,
    client: 'API',
    version: messageId,
    ...overrides,
  };
}

/**
 * What an edit is decided from: `given` (the message, its channel, and what else a test needs)
 * over a state with no move target, no topic policies, no wildcard audience beyond one and no uploads.
 */
export function editState(
  ctx: ChannelsContext,
  given: Pick<EditMessageState, 'message' | 'channel'> & Partial<EditMessageState>,
): EditMessageState {
  return {
    ctx,
    actor: ctx.actor,
    targetChannel: null,
    topicMessages: [],
    wildcardAudience: { channelSubscribers: 1, topicParticipants: 1 },
    wildcardThreshold: 15,
    policies: { from: new Map(), to: new Map(), targetTopicHasMessages: false, usersLosingAccess: new Set(), userVersions: new Map() },
    targetTopicExists: false,
    lastInTarget: null,
    notificationBotId: U.bot,
    messagesVersion: 40,
    ...given,
  };
}

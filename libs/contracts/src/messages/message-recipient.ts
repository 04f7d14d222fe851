import { z } from 'zod';
import { UserId } from '../users/user-fields';

/**
 * Where a message lives: a channel's topic (the empty topic is Zulip's "general chat"), or a
 * direct conversation named by all its participants (sender included, sorted, unique; one id
 * alone is a message to oneself).
 */
export const MessageConversation = z.discriminatedUnion('type', [
  z.object({ type: z.literal('channel'), channelId: z.number().int().positive(), topic: z.string() }),
  z.object({ type: z.literal('direct'), userIds: z.array(UserId).min(1) }),
]);
export type MessageConversation = z.infer<typeof MessageConversation>;

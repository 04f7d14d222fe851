import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { MessageConversation } from '../message-recipient';

/**
 * One submessage (Zulip's `SubMessage`): `content` is the client's JSON text as sent, `msgType`
 * says what reads it (`widget` for polls and to-do lists). `submessageId` is the sequence of the
 * `messages` event that added it: unique and increasing.
 */
export const Submessage = z.object({
  submessageId: z.number().int().positive(),
  senderId: UserId,
  msgType: z.string(),
  content: z.string(),
});
export type Submessage = z.infer<typeof Submessage>;

/** A reader of a message attached a submessage to it (a vote, a new poll option, a task struck). POST /submessage. */
export const SubmessageAddedV1 = z.object({
  type: z.literal('submessage.added.v1'),
  data: Submessage.extend({
    messageId: z.number().int().positive(),
    /** Where the message is, so consumers can tell its readers without a copy of every message. */
    conversation: MessageConversation,
  }),
});
export type SubmessageAddedV1 = z.infer<typeof SubmessageAddedV1>;

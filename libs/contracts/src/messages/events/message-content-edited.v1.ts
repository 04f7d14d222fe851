import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { MessageConversation } from '../message-recipient';

/**
 * A message's content was edited by its sender (`editorId`). `content` is the new Markdown as
 * stored (normalized as when sending; whitespace-only became `(deleted)`), `renderedContent` its
 * HTML; `prevContent` / `prevRenderedContent` what it replaced (Zulip's edit history keeps them).
 * `editedAt` is the message's `last_edit_timestamp` from now on.
 */
export const MessageContentEditedV1 = z.object({
  type: z.literal('message.content_edited.v1'),
  data: z.object({
    messageId: z.number().int().positive(),
    editorId: UserId,
    content: z.string(),
    renderedContent: z.string(),
    prevContent: z.string(),
    prevRenderedContent: z.string(),
    editedAt: z.iso.datetime(),
    /** The uploads the message claims after the edit, all of them (as in `message.sent.v1`). */
    attachmentPathIds: z.array(z.string()).optional(),
    /** When the message was sent (its `sentAt`), for consumers that keep claims by date. */
    messageSentAt: z.iso.datetime().optional(),
    /**
     * Where the message is, before a move made by the same request (`messages.moved.v1` follows),
     * so consumers that tell the message's readers need no copy of every message. Absent in
     * events stored before the field existed.
     */
    conversation: MessageConversation.optional(),
    /** The readers whose alert words the new content contains; absent: none (or an event from before alert words). */
    alertWordUserIds: z.array(UserId).optional(),
  }),
});
export type MessageContentEditedV1 = z.infer<typeof MessageContentEditedV1>;

import { z } from 'zod';

/**
 * A message claims the upload (a link to it in its content, decided by the messages service:
 * `attachmentPathIds` of `message.sent.v1` / `message.content_edited.v1`): whoever may read the
 * message may read the file.
 */
export const AttachmentClaimedV1 = z.object({
  type: z.literal('attachment.claimed.v1'),
  data: z.object({
    attachmentId: z.number().int().positive(),
    messageId: z.number().int().positive(),
    /** When the message was sent (ISO 8601): Zulip's `date_sent` of the attachment's messages. */
    dateSent: z.string(),
  }),
});
export type AttachmentClaimedV1 = z.infer<typeof AttachmentClaimedV1>;

import { z } from 'zod';

/** A message no longer claims the upload: an edit removed the link, or the message was deleted. */
export const AttachmentUnclaimedV1 = z.object({
  type: z.literal('attachment.unclaimed.v1'),
  data: z.object({
    attachmentId: z.number().int().positive(),
    messageId: z.number().int().positive(),
  }),
});
export type AttachmentUnclaimedV1 = z.infer<typeof AttachmentUnclaimedV1>;

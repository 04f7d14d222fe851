import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/** An attachment and its file are gone (its owner deleted it: `DELETE /attachments/{id}`). */
export const AttachmentRemovedV1 = z.object({
  type: z.literal('attachment.removed.v1'),
  data: z.object({
    attachmentId: z.number().int().positive(),
    ownerId: UserId,
    pathId: z.string(),
    size: z.number().int().min(0),
  }),
});
export type AttachmentRemovedV1 = z.infer<typeof AttachmentRemovedV1>;

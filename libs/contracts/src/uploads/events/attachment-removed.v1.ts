import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/**
 * An attachment and its file are gone: its owner deleted it (`DELETE /attachments/{id}`), or
 * the last message claiming it was deleted (`reason`).
 */
export const AttachmentRemovedV1 = z.object({
  type: z.literal('attachment.removed.v1'),
  data: z.object({
    attachmentId: z.number().int().positive(),
    ownerId: UserId,
    pathId: z.string(),
    size: z.number().int().min(0),
    /** Absent: `owner`. */
    reason: z.enum(['owner', 'messages_deleted']).optional(),
  }),
});
export type AttachmentRemovedV1 = z.infer<typeof AttachmentRemovedV1>;

import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/**
 * An attachment and its file are gone (`reason`): its owner deleted it (`DELETE /attachments/{id}`),
 * the last message claiming it was deleted, or no message claimed it within the period garbage
 * collection allows.
 */
export const AttachmentRemovedV1 = z.object({
  type: z.literal('attachment.removed.v1'),
  data: z.object({
    attachmentId: z.number().int().positive(),
    ownerId: UserId,
    pathId: z.string(),
    size: z.number().int().min(0),
    /** Absent: `owner`. */
    reason: z.enum(['owner', 'messages_deleted', 'unclaimed']).optional(),
  }),
});
export type AttachmentRemovedV1 = z.infer<typeof AttachmentRemovedV1>;

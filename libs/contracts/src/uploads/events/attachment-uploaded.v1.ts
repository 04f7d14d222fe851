import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { StoredFile } from '../stored-file';
import { UploadedImage } from '../uploaded-image';

/** A user uploaded a file (`POST /user_uploads`); no message refers to it yet. */
export const AttachmentUploadedV1 = z.object({
  type: z.literal('attachment.uploaded.v1'),
  data: StoredFile.extend({
    attachmentId: z.number().int().positive(),
    ownerId: UserId,
    /** ISO 8601. */
    createdAt: z.string(),
    /** Present when the file is an image the server could read and thumbnail (an optional addition: v1 consumers may ignore it). */
    image: UploadedImage.optional(),
  }),
});
export type AttachmentUploadedV1 = z.infer<typeof AttachmentUploadedV1>;

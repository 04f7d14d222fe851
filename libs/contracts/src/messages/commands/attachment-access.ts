import { z } from 'zod';

/**
 * Not a REST operation: the gateway asks it (a query to the messages service, key `user:<id>`)
 * before serving an upload's bytes at `/user_uploads/<pathId>`. Zulip's
 * `validate_attachment_request`: the uploader may read it, and so may whoever can read a message
 * that claims it. `missing`: no such upload (or it was deleted).
 */
export const ATTACHMENT_ACCESS = 'attachment.access';
export const AttachmentAccess = z.object({ pathId: z.string().min(1) });
export type AttachmentAccess = z.infer<typeof AttachmentAccess>;
export const AttachmentAccessReply = z.object({ access: z.enum(['allowed', 'forbidden', 'missing']) });
export type AttachmentAccessReply = z.infer<typeof AttachmentAccessReply>;

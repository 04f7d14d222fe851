import { z } from 'zod';
import { AttachmentReply, EmptyReply } from './replies';
import { defineOperation } from './operation';

/**
 * Uploads are decided on key `realm`: attachment ids come from one counter, and the
 * organization's upload space is one sum.
 */

/** POST /user_uploads (E21): one file → `{uri, url, filename}`. */
export const uploadFile = defineOperation({
  type: 'attachment.upload',
  method: 'POST',
  path: '/user_uploads',
  service: 'uploads',
  kind: 'command',
  auth: 'user',
  params: z.object({}),
  reply: z.strictObject({ uri: z.string(), url: z.string(), filename: z.string() }),
  key: 'realm',
  takesFile: true,
});

/** GET /attachments: the caller's uploads and the organization's `upload_space_used`. */
export const getAttachments = defineOperation({
  type: 'attachment.list',
  method: 'GET',
  path: '/attachments',
  service: 'uploads',
  kind: 'query',
  auth: 'user',
  params: z.object({}),
  reply: z.strictObject({ attachments: z.array(AttachmentReply), upload_space_used: z.int() }),
  key: 'actor',
});

/** DELETE /attachments/{attachment_id} (E17): the owner deletes an upload and its file. */
export const removeAttachment = defineOperation({
  type: 'attachment.remove',
  method: 'DELETE',
  path: '/attachments/{attachment_id}',
  service: 'uploads',
  kind: 'command',
  auth: 'user',
  params: z.object({ attachment_id: z.int() }),
  reply: EmptyReply,
  key: 'realm',
});

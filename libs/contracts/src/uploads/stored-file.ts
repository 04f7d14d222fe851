import { z } from 'zod';

/**
 * A file the gateway has streamed to the uploads bucket for `POST /user_uploads` (its bytes never
 * travel through Kafka), sent to the uploads service to be recorded as an attachment.
 */
export const StoredFile = z.object({
  /** The object key and the path after `/user_uploads/`: `<realm id>/<2 hex>/<24 random>/<name>`. */
  pathId: z.string().regex(/^\d+\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/[^/]+$/),
  /** The sanitised file name, the path's last segment. */
  name: z.string().min(1).max(255),
  size: z.number().int().min(0),
  contentType: z.string().min(1).max(255),
});
export type StoredFile = z.infer<typeof StoredFile>;

/** The data of the `POST /user_uploads` command: its parameters, and the file the gateway stored. */
export const UploadFileData = z.object({ file: StoredFile });
export type UploadFileData = z.infer<typeof UploadFileData>;

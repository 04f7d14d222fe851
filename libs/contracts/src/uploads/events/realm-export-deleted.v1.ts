import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/**
 * An administrator deleted a finished export (DELETE /export/realm/{id}): its archive, the object
 * `path`, is removed from the bucket by the uploads service once the event is applied.
 */
export const RealmExportDeletedV1 = z.object({
  type: z.literal('realm_export.deleted.v1'),
  data: z.object({
    exportId: z.number().int().positive(),
    /** ISO 8601. */
    deletedAt: z.string(),
    deletedBy: UserId,
    path: z.string(),
  }),
});
export type RealmExportDeletedV1 = z.infer<typeof RealmExportDeletedV1>;

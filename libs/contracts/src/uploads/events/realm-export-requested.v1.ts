import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/**
 * An administrator started an organization export (POST /export/realm). Its archive will be the
 * object `path` of the uploads bucket (`exports/<realm id>/<24 random characters>/zulip-export-<8
 * random characters>.tar.gz`), chosen here once: however often the job runs, it writes that one
 * object.
 */
export const RealmExportRequestedV1 = z.object({
  type: z.literal('realm_export.requested.v1'),
  data: z.object({
    exportId: z.number().int().positive(),
    /** 1 public data, 2 public data and the private data of members who consented. */
    exportType: z.union([z.literal(1), z.literal(2)]),
    actingUserId: UserId,
    /** ISO 8601. */
    requestedAt: z.string(),
    path: z.string(),
  }),
});
export type RealmExportRequestedV1 = z.infer<typeof RealmExportRequestedV1>;

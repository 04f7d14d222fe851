import { z } from 'zod';

/** The export job gave up (its last attempt failed); no archive was kept. */
export const RealmExportFailedV1 = z.object({
  type: z.literal('realm_export.failed.v1'),
  data: z.object({
    exportId: z.number().int().positive(),
    /** ISO 8601. */
    failedAt: z.string(),
    /** What went wrong, for operators (at most 1,000 characters). */
    reason: z.string(),
  }),
});
export type RealmExportFailedV1 = z.infer<typeof RealmExportFailedV1>;

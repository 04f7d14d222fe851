import { z } from 'zod';

/** The export's archive is written, whole, to the object `path` of its requested event. */
export const RealmExportSucceededV1 = z.object({
  type: z.literal('realm_export.succeeded.v1'),
  data: z.object({
    exportId: z.number().int().positive(),
    /** ISO 8601. */
    succeededAt: z.string(),
    /** The archive's bytes, and their SHA-256 in hex. */
    size: z.number().int().min(0),
    sha256: z.string(),
  }),
});
export type RealmExportSucceededV1 = z.infer<typeof RealmExportSucceededV1>;

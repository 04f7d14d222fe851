import { z } from 'zod';

/**
 * Not a REST operation: the uploads service's garbage collection job sends it to the service
 * (command id `gc-unclaimed:<job id>`, so a retried job changes nothing more), keyed `realm`.
 * Uploads that no message ever claimed and that were uploaded before `uploadedBefore` (ISO 8601)
 * are removed with their files.
 */
export const COLLECT_UNCLAIMED_UPLOADS = 'attachment.collect_unclaimed';
export const CollectUnclaimedUploads = z.object({ uploadedBefore: z.iso.datetime() });
export type CollectUnclaimedUploads = z.infer<typeof CollectUnclaimedUploads>;

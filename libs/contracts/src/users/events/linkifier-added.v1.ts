import { z } from 'zod';

/** A linkifier was added at the end of the organization's list. */
export const LinkifierAddedV1 = z.object({
  type: z.literal('linkifier.added.v1'),
  data: z.object({ linkifierId: z.number().int().positive(), pattern: z.string(), urlTemplate: z.string() }),
});
export type LinkifierAddedV1 = z.infer<typeof LinkifierAddedV1>;

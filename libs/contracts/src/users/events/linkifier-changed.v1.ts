import { z } from 'zod';

/** A linkifier's pattern and URL template were replaced; it keeps its place in the list. */
export const LinkifierChangedV1 = z.object({
  type: z.literal('linkifier.changed.v1'),
  data: z.object({ linkifierId: z.number().int().positive(), pattern: z.string(), urlTemplate: z.string() }),
});
export type LinkifierChangedV1 = z.infer<typeof LinkifierChangedV1>;

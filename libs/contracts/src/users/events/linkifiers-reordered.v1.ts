import { z } from 'zod';

/** The organization's linkifiers in their new processing order (every id, once). */
export const LinkifiersReorderedV1 = z.object({
  type: z.literal('linkifiers.reordered.v1'),
  data: z.object({ orderedLinkifierIds: z.array(z.number().int().positive()) }),
});
export type LinkifiersReorderedV1 = z.infer<typeof LinkifiersReorderedV1>;

import { z } from 'zod';

export const LinkifierRemovedV1 = z.object({
  type: z.literal('linkifier.removed.v1'),
  data: z.object({ linkifierId: z.number().int().positive() }),
});
export type LinkifierRemovedV1 = z.infer<typeof LinkifierRemovedV1>;

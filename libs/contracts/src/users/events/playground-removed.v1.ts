import { z } from 'zod';

/** An administrator removed a code playground. */
export const PlaygroundRemovedV1 = z.object({
  type: z.literal('playground.removed.v1'),
  data: z.object({ playgroundId: z.number().int().positive() }),
});
export type PlaygroundRemovedV1 = z.infer<typeof PlaygroundRemovedV1>;

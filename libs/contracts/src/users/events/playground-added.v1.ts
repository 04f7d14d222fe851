import { z } from 'zod';

/** An administrator configured a code playground (`POST /realm/playgrounds`); ids are never reused. */
export const PlaygroundAddedV1 = z.object({
  type: z.literal('playground.added.v1'),
  data: z.object({ playgroundId: z.number().int().positive(), name: z.string(), pygmentsLanguage: z.string(), urlTemplate: z.string() }),
});
export type PlaygroundAddedV1 = z.infer<typeof PlaygroundAddedV1>;

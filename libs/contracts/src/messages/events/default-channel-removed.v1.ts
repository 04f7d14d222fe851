import { z } from 'zod';

/** The channel is no longer a default channel. */
export const DefaultChannelRemovedV1 = z.object({
  type: z.literal('default_channel.removed.v1'),
  data: z.object({ channelId: z.number().int().positive() }),
});
export type DefaultChannelRemovedV1 = z.infer<typeof DefaultChannelRemovedV1>;

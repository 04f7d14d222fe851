import { z } from 'zod';

/** The channel became one of the organization's default channels (new users join it). */
export const DefaultChannelAddedV1 = z.object({
  type: z.literal('default_channel.added.v1'),
  data: z.object({ channelId: z.number().int().positive() }),
});
export type DefaultChannelAddedV1 = z.infer<typeof DefaultChannelAddedV1>;

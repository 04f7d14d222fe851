import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/** These users stopped being subscribers of the channel (by themselves or by someone else); `channelName` as then. */
export const ChannelSubscribersRemovedV1 = z.object({
  type: z.literal('channel.subscribers_removed.v1'),
  data: z.object({ channelId: z.number().int().positive(), channelName: z.string(), userIds: z.array(UserId).min(1) }),
});
export type ChannelSubscribersRemovedV1 = z.infer<typeof ChannelSubscribersRemovedV1>;

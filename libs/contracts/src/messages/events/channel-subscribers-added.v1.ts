import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/**
 * These users became subscribers of the channel, each with the color of their subscription.
 * `channelName` is the name at that moment (for notices such as Zulip's "X subscribed you to #y").
 */
export const ChannelSubscribersAddedV1 = z.object({
  type: z.literal('channel.subscribers_added.v1'),
  data: z.object({
    channelId: z.number().int().positive(),
    channelName: z.string(),
    subscribers: z.array(z.object({ userId: UserId, color: z.string().regex(/^#[0-9a-f]{6}$/) })).min(1),
  }),
});
export type ChannelSubscribersAddedV1 = z.infer<typeof ChannelSubscribersAddedV1>;

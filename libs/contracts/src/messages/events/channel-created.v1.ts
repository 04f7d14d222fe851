import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { ChannelGroupSettingsEventValue, TopicsPolicy } from '../channel-settings';

/** A channel came to be, with its initial settings (subscribers follow as their own event). */
export const ChannelCreatedV1 = z.object({
  type: z.literal('channel.created.v1'),
  data: z.object({
    channelId: z.number().int().positive(),
    name: z.string(),
    /** Markdown as written (newlines replaced by spaces), and its HTML. */
    description: z.string(),
    renderedDescription: z.string(),
    creatorId: UserId.nullable(),
    dateCreated: z.iso.datetime(),
    inviteOnly: z.boolean(),
    isWebPublic: z.boolean(),
    /** false only for private channels with protected history: subscribers see what came after they joined. */
    historyPublicToSubscribers: z.boolean(),
    /** null: the organization's policy; -1: forever. */
    messageRetentionDays: z.number().int().nullable(),
    topicsPolicy: TopicsPolicy,
    folderId: z.number().int().nullable(),
    settings: ChannelGroupSettingsEventValue,
  }),
});
export type ChannelCreatedV1 = z.infer<typeof ChannelCreatedV1>;

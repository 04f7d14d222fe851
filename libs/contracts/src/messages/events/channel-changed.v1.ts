import { z } from 'zod';
import { GroupSettingEventValue } from '../../users/group-setting-value';
import { CHANNEL_GROUP_SETTINGS, TopicsPolicy } from '../channel-settings';

const ChannelId = z.number().int().positive();

/** A channel got a new name (unique in the organization, case-insensitively) in place of `oldName`. PATCH /streams/{id} `new_name`. */
export const ChannelRenamedV1 = z.object({
  type: z.literal('channel.renamed.v1'),
  data: z.object({ channelId: ChannelId, oldName: z.string(), name: z.string() }),
});
export type ChannelRenamedV1 = z.infer<typeof ChannelRenamedV1>;

/** A channel's description changed: the Markdown as written (newlines replaced by spaces) and its HTML. */
export const ChannelDescriptionChangedV1 = z.object({
  type: z.literal('channel.description_changed.v1'),
  data: z.object({ channelId: ChannelId, description: z.string(), renderedDescription: z.string() }),
});
export type ChannelDescriptionChangedV1 = z.infer<typeof ChannelDescriptionChangedV1>;

/** Who may see a channel and its history: the three values together, as Zulip changes them. */
export const ChannelPermissionChangedV1 = z.object({
  type: z.literal('channel.permission_changed.v1'),
  data: z.object({ channelId: ChannelId, inviteOnly: z.boolean(), historyPublicToSubscribers: z.boolean(), isWebPublic: z.boolean() }),
});
export type ChannelPermissionChangedV1 = z.infer<typeof ChannelPermissionChangedV1>;

/** One plain setting of a channel changed, by Zulip's name. */
export const ChannelPropertyChangedV1 = z.object({
  type: z.literal('channel.property_changed.v1'),
  data: z.discriminatedUnion('property', [
    /** null: the organization's policy; -1: forever. */
    z.object({ channelId: ChannelId, property: z.literal('message_retention_days'), value: z.number().int().nullable() }),
    z.object({ channelId: ChannelId, property: z.literal('topics_policy'), value: TopicsPolicy }),
    /** null: in no folder. */
    z.object({ channelId: ChannelId, property: z.literal('folder_id'), value: z.number().int().nullable() }),
  ]),
});
export type ChannelPropertyChangedV1 = z.infer<typeof ChannelPropertyChangedV1>;

/** One of a channel's group-valued permission settings changed. */
export const ChannelGroupSettingChangedV1 = z.object({
  type: z.literal('channel.group_setting_changed.v1'),
  data: z.object({ channelId: ChannelId, setting: z.enum(CHANNEL_GROUP_SETTINGS), value: GroupSettingEventValue }),
});
export type ChannelGroupSettingChangedV1 = z.infer<typeof ChannelGroupSettingChangedV1>;

/** A channel was archived (DELETE /streams/{id}): it keeps its messages and subscriptions; nobody may post. */
export const ChannelArchivedV1 = z.object({ type: z.literal('channel.archived.v1'), data: z.object({ channelId: ChannelId }) });
export type ChannelArchivedV1 = z.infer<typeof ChannelArchivedV1>;

/** An archived channel is live again (PATCH /streams/{id} `is_archived` false). */
export const ChannelUnarchivedV1 = z.object({ type: z.literal('channel.unarchived.v1'), data: z.object({ channelId: ChannelId }) });
export type ChannelUnarchivedV1 = z.infer<typeof ChannelUnarchivedV1>;

import type {
  ChannelArchivedV1,
  ChannelCreatedV1,
  ChannelDescriptionChangedV1,
  ChannelGroupSettingChangedV1,
  ChannelPermissionChangedV1,
  ChannelPropertyChangedV1,
  ChannelRenamedV1,
  ChannelUnarchivedV1,
} from '@zulip-es/contracts';

/** A channel as Zulip's rules read it: what `channel.created.v1` says, as its later changes left it. */
export type ChannelFields = ChannelCreatedV1['data'] & {
  /** Absent: never archived. */
  isArchived?: boolean;
  /** The oldest message still in the channel (null: none). */
  firstMessageId: number | null;
};

/** The events that change a channel's own fields (its subscribers change by other events). */
export type ChannelChangeEvent =
  | ChannelRenamedV1
  | ChannelDescriptionChangedV1
  | ChannelPermissionChangedV1
  | ChannelPropertyChangedV1
  | ChannelGroupSettingChangedV1
  | ChannelArchivedV1
  | ChannelUnarchivedV1;

/** The channel fields a `channel.property_changed.v1` sets. */
function propertyChange(change: ChannelPropertyChangedV1['data']): Partial<ChannelFields> {
  switch (change.property) {
    case 'message_retention_days':
      return { messageRetentionDays: change.value };
    case 'topics_policy':
      return { topicsPolicy: change.value };
    case 'folder_id':
      return { folderId: change.value };
  }
}

/** Pure: the channel after one of its changes; whatever else the caller keeps of it stays. */
export function changedChannel<C extends ChannelFields>(channel: C, event: ChannelChangeEvent): C {
  switch (event.type) {
    case 'channel.renamed.v1':
      return { ...channel, name: event.data.name };
    case 'channel.description_changed.v1':
      return { ...channel, description: event.data.description, renderedDescription: event.data.renderedDescription };
    case 'channel.permission_changed.v1': {
      const { inviteOnly, historyPublicToSubscribers, isWebPublic } = event.data;
      return { ...channel, inviteOnly, historyPublicToSubscribers, isWebPublic };
    }
    case 'channel.property_changed.v1':
      return { ...channel, ...propertyChange(event.data) };
    case 'channel.group_setting_changed.v1':
      return { ...channel, settings: { ...channel.settings, [event.data.setting]: event.data.value } };
    case 'channel.archived.v1':
      return { ...channel, isArchived: true };
    case 'channel.unarchived.v1':
      return { ...channel, isArchived: false };
    default: {
      const unexpected: never = event;
      throw new Error(`not a channel change: ${JSON.stringify(unexpected)}`);
    }
  }
}

import { USER_GROUP_PERMISSIONS } from '@zulip-es/contracts';
import type { Delivery } from '@zulip-es/event-queues';
import type { GroupMembershipEvent } from '../directory/channel-groups';
import type { Directory } from '../directory/directory';
import { listingChanged } from './channels';
import { toEveryone, type ClientEventsOf } from './client-event';
import { groupSettingView } from './org-settings';

/** Zulip's `user_group` `add`: the group as `GET /user_groups` shows it. */
export const groupCreated: ClientEventsOf<'user_group.created.v1'> = ({ data }, directory) =>
  toEveryone(directory, {
    type: 'user_group',
    op: 'add',
    group: {
      id: data.groupId,
      name: data.name,
      description: data.description,
      members: [...data.memberIds].sort((a, b) => a - b),
      direct_subgroup_ids: [...data.subgroupIds].sort((a, b) => a - b),
      creator_id: data.creatorId,
      date_created: data.dateCreated === null ? null : Math.floor(Date.parse(data.dateCreated) / 1000),
      is_system_group: data.isSystemGroup,
      ...Object.fromEntries(USER_GROUP_PERMISSIONS.map((p) => [p, groupSettingView(directory, data.settings[p])])),
      deactivated: false,
    },
  });

export const groupUpdated: ClientEventsOf<'user_group.updated.v1'> = ({ data }, directory) => {
  const { groupId, name, description, deactivated, settings = {} } = data;
  return toEveryone(directory, {
    type: 'user_group',
    op: 'update',
    group_id: groupId,
    data: {
      ...(name !== undefined ? { name } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(deactivated !== undefined ? { deactivated } : {}),
      ...Object.fromEntries(Object.entries(settings).map(([p, value]) => [p, groupSettingView(directory, value)])),
    },
  });
};

/** Zulip: `update` with `deactivated` for clients that keep deactivated groups (`include_deactivated_groups`), `remove` for the others. */
export const groupDeactivated: ClientEventsOf<'user_group.deactivated.v1'> = ({ data }, directory) => [
  ...toEveryone(directory, { type: 'user_group', op: 'update', group_id: data.groupId, data: { deactivated: true } }).map((d) => ({
    ...d,
    onlyIf: [{ capability: 'include_deactivated_groups', present: true }],
  })),
  ...toEveryone(directory, { type: 'user_group', op: 'remove', group_id: data.groupId }).map((d) => ({
    ...d,
    onlyIf: [{ capability: 'include_deactivated_groups', present: false }],
  })),
];

export const membersAdded: ClientEventsOf<'user_group.members_added.v1'> = (event, directory) => [
  ...toEveryone(directory, { type: 'user_group', op: 'add_members', group_id: event.data.groupId, user_ids: event.data.userIds }),
  ...channelAccessChanges(event, directory),
];

export const membersRemoved: ClientEventsOf<'user_group.members_removed.v1'> = (event, directory) => [
  ...toEveryone(directory, { type: 'user_group', op: 'remove_members', group_id: event.data.groupId, user_ids: event.data.userIds }),
  ...channelAccessChanges(event, directory),
];

export const subgroupsAdded: ClientEventsOf<'user_group.subgroups_added.v1'> = (event, directory) => [
  ...toEveryone(directory, {
    type: 'user_group',
    op: 'add_subgroups',
    group_id: event.data.groupId,
    direct_subgroup_ids: event.data.subgroupIds,
  }),
  ...channelAccessChanges(event, directory),
];

export const subgroupsRemoved: ClientEventsOf<'user_group.subgroups_removed.v1'> = (event, directory) => [
  ...toEveryone(directory, {
    type: 'user_group',
    op: 'remove_subgroups',
    group_id: event.data.groupId,
    direct_subgroup_ids: event.data.subgroupIds,
  }),
  ...channelAccessChanges(event, directory),
];

/**
 * After the group event itself: a change of membership (not a new group, which no channel
 * setting names yet) may grant or take a private channel's
 * metadata access (its `can_subscribe_group`, `can_add_subscribers_group` or
 * `can_administer_channel_group`), which its users hear of as `stream` `create` or `delete`.
 */
function channelAccessChanges(event: GroupMembershipEvent, directory: Directory): Delivery[] {
  return directory.listingsChangedBy(event).flatMap(({ userId, before, after }) => listingChanged(directory, userId, before, after));
}

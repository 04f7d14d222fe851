import {
  CHANNEL_GROUP_SETTINGS,
  type ChannelGroupSetting,
  type ChannelGroupSettingsEventValue,
  type GroupSettingEventValue,
  type GroupSettingValue,
} from '@zulip-es/contracts';
import { badRequest, DomainError } from '@zulip-es/platform';
import { SystemGroupId } from '../users-read-model/system-groups';
import type { ReadGroup, ReadUser } from '../users-read-model/users-read-model';

export interface ChannelSettingConfig {
  /** False: guests never hold it, and it may not be set to "everyone". */
  allowEveryoneGroup: boolean;
  /** A system group id, or the anonymous group holding the channel's creator. */
  defaultGroup: number | 'channel_creator';
}

/** Zulip's `Stream.stream_permission_group_settings` (all allow "nobody", none "internet"). */
export const CHANNEL_SETTING_CONFIG: Record<ChannelGroupSetting, ChannelSettingConfig> = {
  can_add_subscribers_group: { allowEveryoneGroup: false, defaultGroup: SystemGroupId.NOBODY },
  can_administer_channel_group: { allowEveryoneGroup: false, defaultGroup: 'channel_creator' },
  can_delete_any_message_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.NOBODY },
  can_delete_own_message_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.NOBODY },
  can_move_messages_out_of_channel_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.NOBODY },
  can_move_messages_within_channel_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.NOBODY },
  can_remove_subscribers_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.ADMINISTRATORS },
  can_send_message_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.EVERYONE },
  can_subscribe_group: { allowEveryoneGroup: false, defaultGroup: SystemGroupId.NOBODY },
  can_resolve_topics_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.NOBODY },
  can_create_topic_group: { allowEveryoneGroup: true, defaultGroup: SystemGroupId.EVERYONE },
};

const SYSTEM_GROUP_NAMES: Record<number, string> = {
  [SystemGroupId.EVERYONE]: 'role:everyone',
  [SystemGroupId.INTERNET]: 'role:internet',
};

export interface SettingLookups {
  user(userId: number): ReadUser | undefined;
  group(groupId: number): ReadGroup | undefined;
}

const sortedUnique = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** Zulip's `parse_group_setting_value`: one subgroup alone is that group; nothing at all is "nobody". */
export function parseSettingValue(value: GroupSettingValue): GroupSettingEventValue {
  if (typeof value === 'number') return value;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 1) return value.direct_subgroups[0];
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 0) return SystemGroupId.NOBODY;
  return { directMembers: sortedUnique(value.direct_members), directSubgroups: sortedUnique(value.direct_subgroups) };
}

/**
 * Zulip's `access_user_group_for_setting` for a channel setting: a group id must name an active
 * group the setting accepts; an anonymous value must list active users and active groups.
 */
export function checkSettingValue(
  lookups: SettingLookups,
  name: ChannelGroupSetting,
  value: GroupSettingEventValue,
): GroupSettingEventValue {
  if (typeof value === 'number') {
    const group = lookups.group(value);
    if (!group) throw badRequest('Invalid user group');
    if (group.deactivated) throw badRequest('User group is deactivated.');
    const refused =
      group.isSystemGroup &&
      (value === SystemGroupId.INTERNET || (value === SystemGroupId.EVERYONE && !CHANNEL_SETTING_CONFIG[name].allowEveryoneGroup));
    if (refused) throw badRequest(`'${name}' setting cannot be set to '${SYSTEM_GROUP_NAMES[value]}' group.`);
    return value;
  }
  for (const id of value.directMembers) if (!lookups.user(id)?.isActive) throw badRequest(`Invalid user ID: ${id}`);
  const missing = value.directSubgroups.find((id) => !lookups.group(id));
  if (missing !== undefined) throw badRequest(`Invalid user group ID: ${missing}`);
  if (value.directSubgroups.some((id) => lookups.group(id)!.deactivated)) throw badRequest('User group is deactivated.');
  return value;
}

/** The settings of a new channel: the requested ones (checked), Zulip's defaults for the rest. */
export function initialChannelSettings(
  lookups: SettingLookups,
  requested: Partial<Record<ChannelGroupSetting, GroupSettingValue>>,
  creatorId: number,
): ChannelGroupSettingsEventValue {
  const entries = CHANNEL_GROUP_SETTINGS.map((name): [ChannelGroupSetting, GroupSettingEventValue] => {
    const value = requested[name];
    if (value !== undefined) return [name, checkSettingValue(lookups, name, parseSettingValue(value))];
    const fallback = CHANNEL_SETTING_CONFIG[name].defaultGroup;
    return [name, fallback === 'channel_creator' ? { directMembers: [creatorId], directSubgroups: [] } : fallback];
  });
  return Object.fromEntries(entries) as ChannelGroupSettingsEventValue;
}

/** Zulip's `are_both_group_setting_values_equal`. */
export function sameSettingValue(a: GroupSettingEventValue, b: GroupSettingEventValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  const same = (x: number[], y: number[]) => new Set(x).size === new Set(y).size && x.every((id) => y.includes(id));
  return same(a.directMembers, b.directMembers) && same(a.directSubgroups, b.directSubgroups);
}

/** A stored value as the API shows it now: deactivated users left out. */
export function currentSettingValue(lookups: SettingLookups, value: GroupSettingEventValue): GroupSettingEventValue {
  if (typeof value === 'number') return value;
  return { directMembers: value.directMembers.filter((id) => lookups.user(id)?.isActive), directSubgroups: value.directSubgroups };
}

/**
 * Zulip's `validate_group_setting_value_change`: an `old` that differs from the current value is
 * refused (it guards against acting on a stale screen); returns whether the value changes.
 */
export function settingValueChanges(
  current: GroupSettingEventValue,
  next: GroupSettingEventValue,
  expected: GroupSettingEventValue | undefined,
): boolean {
  if (expected !== undefined && !sameSettingValue(expected, current))
    throw new DomainError('EXPECTATION_MISMATCH', "'old' value does not match the expected value.");
  return !sameSettingValue(current, next);
}

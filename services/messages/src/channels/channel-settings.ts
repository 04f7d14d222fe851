import {
  CHANNEL_GROUP_SETTINGS,
  type ChannelGroupSetting,
  type ChannelGroupSettingsEventValue,
  type GroupSettingEventValue,
  type GroupSettingValue,
} from '@zulip-es/contracts';
import { badRequest, DomainError } from '@zulip-es/platform';
import {
  CHANNEL_SETTING_CONFIG,
  currentSettingValue as activeSettingValue,
  parseGroupSettingValue,
  STALE_OLD_VALUE_MSG,
  SYSTEM_GROUP_NAMES,
  SystemGroupId,
} from '@zulip-es/zulip-rules';
import type { ReadGroup, ReadUser } from '../users-read-model/users-read-model';

export interface SettingLookups {
  user(userId: number): ReadUser | undefined;
  group(groupId: number): ReadGroup | undefined;
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
    if (value !== undefined) return [name, checkSettingValue(lookups, name, parseGroupSettingValue(value))];
    const fallback = CHANNEL_SETTING_CONFIG[name].defaultGroup;
    return [name, fallback === 'channel_creator' ? { directMembers: [creatorId], directSubgroups: [] } : fallback];
  });
  return Object.fromEntries(entries) as ChannelGroupSettingsEventValue;
}

/** A stored value as the API shows it now: deactivated users left out. */
export const currentSettingValue = (lookups: SettingLookups, value: GroupSettingEventValue): GroupSettingEventValue =>
  activeSettingValue((id) => lookups.user(id)?.isActive === true, value);

/** Zulip's refusal of a stale `old` value. */
export const staleOldValue = (): DomainError => new DomainError('EXPECTATION_MISMATCH', STALE_OLD_VALUE_MSG);

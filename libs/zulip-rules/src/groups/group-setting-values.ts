import type { GroupSettingEventValue, GroupSettingValue } from '@zulip-es/contracts';
import { SystemGroupId } from './system-groups';

/** Whether a user is active: deactivated users stay in stored values but are shown and counted nowhere. */
export type IsActiveUser = (userId: number) => boolean;

const sortedUnique = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** Zulip's `parse_group_setting_value`: one subgroup alone is that group; nothing at all is "nobody". */
export function parseGroupSettingValue(value: GroupSettingValue): GroupSettingEventValue {
  if (typeof value === 'number') return value;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 1) return value.direct_subgroups[0];
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 0) return SystemGroupId.NOBODY;
  return { directMembers: sortedUnique(value.direct_members), directSubgroups: sortedUnique(value.direct_subgroups) };
}

/** Zulip's `are_both_group_setting_values_equal`. */
export function sameSettingValue(a: GroupSettingEventValue, b: GroupSettingEventValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  const same = (x: number[], y: number[]) => new Set(x).size === new Set(y).size && x.every((id) => y.includes(id));
  return same(a.directMembers, b.directMembers) && same(a.directSubgroups, b.directSubgroups);
}

/** Zulip's refusal of an `old` value that is not the current one (code `EXPECTATION_MISMATCH`). */
export const STALE_OLD_VALUE_MSG = "'old' value does not match the expected value.";

/**
 * Zulip's `validate_group_setting_value_change`: an `old` that differs from the current value is
 * refused with the caller's `stale()` error (it guards against acting on a stale screen); returns
 * whether the value changes.
 */
export function settingValueChanges(
  current: GroupSettingEventValue,
  next: GroupSettingEventValue,
  expected: GroupSettingEventValue | undefined,
  stale: () => Error,
): boolean {
  if (expected !== undefined && !sameSettingValue(expected, current)) throw stale();
  return !sameSettingValue(current, next);
}

/** A stored value as it stands now: deactivated users left out. */
export function currentSettingValue(isActive: IsActiveUser, value: GroupSettingEventValue): GroupSettingEventValue {
  if (typeof value === 'number') return value;
  return { directMembers: value.directMembers.filter((id) => isActive(id)), directSubgroups: value.directSubgroups };
}

/** A stored value as the API shows it (`/api/group-setting-values`): deactivated users left out. */
export function settingValueView(isActive: IsActiveUser, value: GroupSettingEventValue): GroupSettingValue {
  const current = currentSettingValue(isActive, value);
  return typeof current === 'number' ? current : { direct_members: current.directMembers, direct_subgroups: current.directSubgroups };
}

/** Each named setting as the API shows it: a channel's or a group's permissions in their dict. */
export function settingValuesView<K extends string>(
  names: readonly K[],
  settings: Readonly<Record<K, GroupSettingEventValue>>,
  isActive: IsActiveUser,
): Record<K, GroupSettingValue> {
  const view = {} as Record<K, GroupSettingValue>;
  for (const name of names) view[name] = settingValueView(isActive, settings[name]);
  return view;
}

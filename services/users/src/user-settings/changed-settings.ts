import type { UserSettingName, UserSettings, UserSettingsPatch, UserSettingValue } from '@zulip-es/contracts';

export type SettingChange = {
  property: UserSettingName;
  value: UserSettingValue;
};

/** The requested values that differ from `current`, by name (Zulip writes them in that order); unchanged ones are dropped. */
export function changedSettings(current: UserSettings, patch: UserSettingsPatch): SettingChange[] {
  return (Object.keys(patch) as UserSettingName[])
    .sort()
    .filter((property) => patch[property] !== undefined && patch[property] !== current[property])
    .map((property) => ({ property, value: patch[property] as UserSettingValue }));
}

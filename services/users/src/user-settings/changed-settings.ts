import type { OwnUserSettingName, OwnUserSettings, UserSettingValue } from '@zulip-es/contracts';

export type SettingChange<P extends OwnUserSettingName = OwnUserSettingName> = {
  property: P;
  value: UserSettingValue;
};

/** The requested values that differ from `current`, by name (Zulip writes them in that order); unchanged ones are dropped. */
export function changedSettings<S extends Partial<OwnUserSettings>>(
  current: S,
  patch: Partial<S>,
): SettingChange<keyof S & OwnUserSettingName>[] {
  return (Object.keys(patch) as (keyof S & OwnUserSettingName)[])
    .sort()
    .filter((property) => patch[property] !== undefined && patch[property] !== current[property])
    .map((property) => ({ property, value: patch[property] as UserSettingValue }));
}

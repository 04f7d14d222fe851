import type { GroupSettingEventValue, GroupSettingValue } from '@zulip-es/contracts';
import { settingValueView } from '@zulip-es/zulip-rules';
import type { Directory } from '../directory/directory';
import { toEveryone, toOwner, type ClientEventsOf } from './client-event';
import { exportConsent } from './realm-exports';

/** A group-setting value as the API shows it: deactivated users left out of an anonymous group. */
export const groupSettingView = (directory: Directory, value: GroupSettingEventValue): GroupSettingValue =>
  settingValueView((userId) => directory.user(userId)?.isActive === true, value);

const isGroupSetting = (value: unknown): value is GroupSettingEventValue =>
  typeof value === 'object' && value !== null && 'directMembers' in value;

/** Zulip's `realm` `update_dict` (clients treat its `update` form the same way). */
export const realmSettingChanged: ClientEventsOf<'realm.setting_changed.v1'> = ({ data }, directory) =>
  toEveryone(directory, {
    type: 'realm',
    op: 'update_dict',
    property: 'default',
    data: { [data.property]: isGroupSetting(data.value) ? groupSettingView(directory, data.value) : data.value },
  });

export const userSettingsDefaultChanged: ClientEventsOf<'realm.user_settings_default_changed.v1'> = ({ data }, directory) =>
  toEveryone(directory, { type: 'realm_user_settings_defaults', op: 'update', property: data.property, value: data.value });

/**
 * Zulip's `user_settings` `update`, to the user's own clients. The legacy
 * `update_display_settings` and `update_global_notifications` forms (for clients without the
 * `user_settings_object` capability, before feature level 89) are not sent.
 */
export const userSettingsChanged: ClientEventsOf<'user.settings_changed.v1'> = ({ data }, directory) => [
  ...toOwner(data.userId, { type: 'user_settings', op: 'update', property: data.property, value: data.value }),
  // Zulip's `do_change_user_setting` tells the administrators of this one.
  ...(data.property === 'allow_private_data_export' ? exportConsent(directory, data.userId, data.value === true) : []),
];

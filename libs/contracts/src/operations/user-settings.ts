import { z } from 'zod';
import { Role } from '../roles';
import { OwnUserSettingsPatch, UserSettingsPatch } from '../users/user-settings';
import { EmptyReply } from './replies';
import { defineOperation } from './operation';

/**
 * PATCH /realm/user_settings_defaults (E2): the values new users' settings start from. Settings
 * this endpoint does not take (`dense_mode`, `default_language`, …) end up in
 * `ignored_parameters_unsupported`.
 */
export const updateRealmUserSettingsDefaults = defineOperation({
  type: 'realm.update_user_settings_defaults',
  method: 'PATCH',
  path: '/realm/user_settings_defaults',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ ...UserSettingsPatch.shape }),
  reply: EmptyReply,
  key: 'realm',
});

/**
 * PATCH /settings: the caller's own settings. Keyed `realm` because every `user:<id>` aggregate
 * is written under that key (one writer per aggregate).
 */
export const updateSettings = defineOperation({
  type: 'user.update_settings',
  method: 'PATCH',
  path: '/settings',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({ ...OwnUserSettingsPatch.shape }),
  reply: EmptyReply,
  key: 'realm',
});

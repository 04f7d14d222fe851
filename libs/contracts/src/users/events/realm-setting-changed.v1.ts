import { z } from 'zod';
import { GroupSettingEventValue } from '../group-setting-value';

/**
 * One organization setting changed (`PATCH /realm`): `property` is Zulip's name
 * (`message_content_edit_limit_seconds`, `can_invite_users_group`, `name`, …), `value` the new
 * value (null: no limit; group settings as a group id or `{directMembers, directSubgroups}`).
 */
export const RealmSettingChangedV1 = z.object({
  type: z.literal('realm.setting_changed.v1'),
  data: z.object({
    property: z.string().min(1),
    value: z.union([z.boolean(), z.number().int(), z.string(), z.null(), GroupSettingEventValue]),
  }),
});
export type RealmSettingChangedV1 = z.infer<typeof RealmSettingChangedV1>;

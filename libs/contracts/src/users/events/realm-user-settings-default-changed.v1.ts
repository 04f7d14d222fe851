import { z } from 'zod';
import { UserSettingName, UserSettingValue } from '../user-settings';

/** An administrator changed the value that one setting gets for users who join from now on. */
export const RealmUserSettingsDefaultChangedV1 = z.object({
  type: z.literal('realm.user_settings_default_changed.v1'),
  data: z.object({ property: UserSettingName, value: UserSettingValue }),
});
export type RealmUserSettingsDefaultChangedV1 = z.infer<typeof RealmUserSettingsDefaultChangedV1>;

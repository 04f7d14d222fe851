import { z } from 'zod';
import { UserId } from '../user-fields';
import { OwnUserSettingName, UserSettingValue } from '../user-settings';

/** A user changed one of their own settings. */
export const UserSettingsChangedV1 = z.object({
  type: z.literal('user.settings_changed.v1'),
  data: z.object({ userId: UserId, property: OwnUserSettingName, value: UserSettingValue }),
});
export type UserSettingsChangedV1 = z.infer<typeof UserSettingsChangedV1>;

import type { OperationData, updateRealmUserSettingsDefaults } from '@zulip-es/contracts';
import { REALM_AGGREGATE, type RealmState } from '../../domain/realm.state';
import type { UserState } from '../../domain/user.state';
import { requireAdmin } from '../../shared/user-rules';
import { changedSettings } from '../changed-settings';
import { checkUserSettings } from '../check-user-settings';
import { realmUserSettingsDefaults } from '../user-setting';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type UpdateRealmUserSettingsDefaults = OperationData<typeof updateRealmUserSettingsDefaults>;

export interface UpdateRealmUserSettingsDefaultsState {
  realm: RealmState;
  actor: UserState;
}

/** This endpoint declares these two as `Literal`s, so a wrong value is just `Invalid <name>`. */
const LITERAL_STRINGS = new Set(['web_home_view', 'web_animate_image_previews'] as const);

/** E2: administrators only; one event per setting whose default actually changes. */
export function decideUpdateRealmUserSettingsDefaults(
  cmd: UpdateRealmUserSettingsDefaults,
  state: UpdateRealmUserSettingsDefaultsState,
): UsersNewEvent[] {
  requireAdmin(state.actor);
  checkUserSettings(cmd, { literalStrings: LITERAL_STRINGS });
  return changedSettings(realmUserSettingsDefaults(state.realm), cmd).map((change, i) => ({
    type: 'realm.user_settings_default_changed.v1',
    aggregateId: REALM_AGGREGATE,
    sequence: state.realm.version + i + 1,
    data: change,
  }));
}

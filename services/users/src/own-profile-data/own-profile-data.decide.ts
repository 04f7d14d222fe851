import type { CustomProfileFieldDefinition, OperationData, removeOwnProfileData, updateOwnProfileData } from '@zulip-es/contracts';
import type { UserState } from '../domain/user.state';
import { checkEditable, fieldById, profileDataChanged, profileDataChanges } from '../profile-fields/profile-data-changes';
import type { UsersNewEvent } from '../shared/users-new-event';

export type UpdateOwnProfileData = OperationData<typeof updateOwnProfileData>;
export type RemoveOwnProfileData = OperationData<typeof removeOwnProfileData>;

export interface OwnProfileDataState {
  actor: UserState;
  fields: readonly CustomProfileFieldDefinition[];
  users: ReadonlyMap<number, UserState>;
}

/** `PATCH /users/me/profile_data`: the caller's own values; locked fields only for administrators. */
export function decideUpdateOwnProfileData(cmd: UpdateOwnProfileData, state: OwnProfileDataState): UsersNewEvent[] {
  const { actor } = state;
  return profileDataChanged(
    actor,
    profileDataChanges(cmd.data, { actor, target: actor, fields: state.fields, users: state.users }),
    actor.version + 1,
  );
}

/** `DELETE /users/me/profile_data`: clears the listed fields (Zulip's `check_remove_custom_profile_field_value`). */
export function decideRemoveOwnProfileData(cmd: RemoveOwnProfileData, state: Omit<OwnProfileDataState, 'users'>): UsersNewEvent[] {
  const { actor } = state;
  for (const id of cmd.data) checkEditable(fieldById(state.fields, id), actor);
  const held = cmd.data.filter((id, i) => cmd.data.indexOf(id) === i && actor.profileData?.[String(id)] !== undefined);
  return profileDataChanged(
    actor,
    held.map((fieldId) => ({ fieldId, value: null })),
    actor.version + 1,
  );
}

import { z } from 'zod';
import { RealmCreatedV1 } from './realm-created.v1';
import { UserCreatedV1 } from './user-created.v1';
import { UserDeactivatedV1 } from './user-deactivated.v1';
import { UserFullNameChangedV1 } from './user-full-name-changed.v1';
import { UserReactivatedV1 } from './user-reactivated.v1';
import { UserRoleChangedV1 } from './user-role-changed.v1';
import { RealmSettingChangedV1 } from './realm-setting-changed.v1';
import { UserGroupCreatedV1 } from './user-group-created.v1';
import { UserGroupUpdatedV1 } from './user-group-updated.v1';
import { UserGroupMembersAddedV1 } from './user-group-members-added.v1';
import { UserGroupMembersRemovedV1 } from './user-group-members-removed.v1';
import { UserGroupSubgroupsAddedV1 } from './user-group-subgroups-added.v1';
import { UserGroupSubgroupsRemovedV1 } from './user-group-subgroups-removed.v1';
import { UserGroupDeactivatedV1 } from './user-group-deactivated.v1';

export * from './realm-created.v1';
export * from './user-created.v1';
export * from './user-deactivated.v1';
export * from './user-full-name-changed.v1';
export * from './user-reactivated.v1';
export * from './user-role-changed.v1';
export * from './realm-setting-changed.v1';
export * from './user-group-created.v1';
export * from './user-group-updated.v1';
export * from './user-group-members-added.v1';
export * from './user-group-members-removed.v1';
export * from './user-group-subgroups-added.v1';
export * from './user-group-subgroups-removed.v1';
export * from './user-group-deactivated.v1';

/** Every event on `users.events`, discriminated by `type`. */
export const UsersEvent = z.discriminatedUnion('type', [
  RealmCreatedV1,
  UserCreatedV1,
  UserDeactivatedV1,
  UserReactivatedV1,
  UserRoleChangedV1,
  UserFullNameChangedV1,
  RealmSettingChangedV1,
  UserGroupCreatedV1,
  UserGroupUpdatedV1,
  UserGroupMembersAddedV1,
  UserGroupMembersRemovedV1,
  UserGroupSubgroupsAddedV1,
  UserGroupSubgroupsRemovedV1,
  UserGroupDeactivatedV1,
]);
export type UsersEvent = z.infer<typeof UsersEvent>;

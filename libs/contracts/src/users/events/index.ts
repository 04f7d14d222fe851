import { z } from 'zod';
import { RealmCreatedV1 } from './realm-created.v1';
import { UserCreatedV1 } from './user-created.v1';
import { UserDeactivatedV1 } from './user-deactivated.v1';
import { UserFullNameChangedV1 } from './user-full-name-changed.v1';
import { UserReactivatedV1 } from './user-reactivated.v1';
import { UserRoleChangedV1 } from './user-role-changed.v1';
import { UserStatusChangedV1 } from './user-status-changed.v1';
import { PresenceChangedV1 } from './presence-changed.v1';

export * from './realm-created.v1';
export * from './user-created.v1';
export * from './user-deactivated.v1';
export * from './user-full-name-changed.v1';
export * from './user-reactivated.v1';
export * from './user-role-changed.v1';
export * from './user-status-changed.v1';
export * from './presence-changed.v1';

/** Every event on `users.events`, discriminated by `type`. */
export const UsersEvent = z.discriminatedUnion('type', [
  RealmCreatedV1,
  UserCreatedV1,
  UserDeactivatedV1,
  UserReactivatedV1,
  UserRoleChangedV1,
  UserFullNameChangedV1,
  UserStatusChangedV1,
  PresenceChangedV1,
]);
export type UsersEvent = z.infer<typeof UsersEvent>;

import { z } from 'zod';
import { CustomProfileFieldCreatedV1 } from './custom-profile-field-created.v1';
import { CustomProfileFieldDeletedV1 } from './custom-profile-field-deleted.v1';
import { CustomProfileFieldUpdatedV1 } from './custom-profile-field-updated.v1';
import { CustomProfileFieldsReorderedV1 } from './custom-profile-fields-reordered.v1';
import { RealmCreatedV1 } from './realm-created.v1';
import { UserCreatedV1 } from './user-created.v1';
import { UserEmailChangedV1 } from './user-email-changed.v1';
import { UserProfileDataChangedV1 } from './user-profile-data-changed.v1';
import { UserDeactivatedV1 } from './user-deactivated.v1';
import { UserFullNameChangedV1 } from './user-full-name-changed.v1';
import { UserReactivatedV1 } from './user-reactivated.v1';
import { UserRoleChangedV1 } from './user-role-changed.v1';

export * from './custom-profile-field-created.v1';
export * from './custom-profile-field-deleted.v1';
export * from './custom-profile-field-updated.v1';
export * from './custom-profile-fields-reordered.v1';
export * from './realm-created.v1';
export * from './user-created.v1';
export * from './user-deactivated.v1';
export * from './user-full-name-changed.v1';
export * from './user-reactivated.v1';
export * from './user-role-changed.v1';
export * from './user-email-changed.v1';
export * from './user-profile-data-changed.v1';

/** Every event on `users.events`, discriminated by `type`. */
export const UsersEvent = z.discriminatedUnion('type', [
  RealmCreatedV1,
  UserCreatedV1,
  UserDeactivatedV1,
  UserReactivatedV1,
  UserRoleChangedV1,
  UserFullNameChangedV1,
  CustomProfileFieldCreatedV1,
  CustomProfileFieldUpdatedV1,
  CustomProfileFieldDeletedV1,
  CustomProfileFieldsReorderedV1,
  UserProfileDataChangedV1,
  UserEmailChangedV1,
]);
export type UsersEvent = z.infer<typeof UsersEvent>;

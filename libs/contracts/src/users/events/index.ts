import { z } from 'zod';
import { InvitationAcceptedV1 } from './invitation-accepted.v1';
import { InvitationCreatedV1 } from './invitation-created.v1';
import { InvitationResentV1 } from './invitation-resent.v1';
import { InvitationRevokedV1 } from './invitation-revoked.v1';
import { RealmCreatedV1 } from './realm-created.v1';
import { UserCreatedV1 } from './user-created.v1';
import { UserDeactivatedV1 } from './user-deactivated.v1';
import { UserFullNameChangedV1 } from './user-full-name-changed.v1';
import { UserReactivatedV1 } from './user-reactivated.v1';
import { UserRoleChangedV1 } from './user-role-changed.v1';

export * from './invitation-accepted.v1';
export * from './invitation-created.v1';
export * from './invitation-resent.v1';
export * from './invitation-revoked.v1';
export * from './realm-created.v1';
export * from './user-created.v1';
export * from './user-deactivated.v1';
export * from './user-full-name-changed.v1';
export * from './user-reactivated.v1';
export * from './user-role-changed.v1';

/** Every event on `users.events`, discriminated by `type`. */
export const UsersEvent = z.discriminatedUnion('type', [
  RealmCreatedV1,
  UserCreatedV1,
  UserDeactivatedV1,
  UserReactivatedV1,
  UserRoleChangedV1,
  UserFullNameChangedV1,
  InvitationCreatedV1,
  InvitationResentV1,
  InvitationRevokedV1,
  InvitationAcceptedV1,
]);
export type UsersEvent = z.infer<typeof UsersEvent>;

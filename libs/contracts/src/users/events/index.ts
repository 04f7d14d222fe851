import { z } from 'zod';
import { LinkifierAddedV1 } from './linkifier-added.v1';
import { CustomEmojiAddedV1, CustomEmojiDeactivatedV1 } from './custom-emoji.v1';
import { LinkifierChangedV1 } from './linkifier-changed.v1';
import { LinkifierRemovedV1 } from './linkifier-removed.v1';
import { LinkifiersReorderedV1 } from './linkifiers-reordered.v1';
import { NavigationViewAddedV1 } from './navigation-view-added.v1';
import { NavigationViewRemovedV1 } from './navigation-view-removed.v1';
import { NavigationViewUpdatedV1 } from './navigation-view-updated.v1';
import { PlaygroundAddedV1 } from './playground-added.v1';
import { PlaygroundRemovedV1 } from './playground-removed.v1';
import { SavedSnippetCreatedV1 } from './saved-snippet-created.v1';
import { SavedSnippetDeletedV1 } from './saved-snippet-deleted.v1';
import { SavedSnippetEditedV1 } from './saved-snippet-edited.v1';
import { CustomProfileFieldCreatedV1 } from './custom-profile-field-created.v1';
import { CustomProfileFieldDeletedV1 } from './custom-profile-field-deleted.v1';
import { CustomProfileFieldUpdatedV1 } from './custom-profile-field-updated.v1';
import { CustomProfileFieldsReorderedV1 } from './custom-profile-fields-reordered.v1';
import { InvitationAcceptedV1 } from './invitation-accepted.v1';
import { InvitationCreatedV1 } from './invitation-created.v1';
import { InvitationLinkCreatedV1 } from './invitation-link-created.v1';
import { InvitationLinkRevokedV1 } from './invitation-link-revoked.v1';
import { InvitationRequestedV1 } from './invitation-requested.v1';
import { InvitationResentV1 } from './invitation-resent.v1';
import { InvitationRevokedV1 } from './invitation-revoked.v1';
import { RealmCreatedV1 } from './realm-created.v1';
import { RealmCreatedV2 } from './realm-created.v2';
import { RealmUserSettingsDefaultChangedV1 } from './realm-user-settings-default-changed.v1';
import { UserCreatedV1 } from './user-created.v1';
import { UserCreatedV2 } from './user-created.v2';
import { UserEmailChangedV1 } from './user-email-changed.v1';
import { UserProfileDataChangedV1 } from './user-profile-data-changed.v1';
import { UserDeactivatedV1 } from './user-deactivated.v1';
import { UserFullNameChangedV1 } from './user-full-name-changed.v1';
import { UserReactivatedV1 } from './user-reactivated.v1';
import { UserRoleChangedV1 } from './user-role-changed.v1';
import { UserSettingsChangedV1 } from './user-settings-changed.v1';
import { RealmSettingChangedV1 } from './realm-setting-changed.v1';
import { UserGroupCreatedV1 } from './user-group-created.v1';
import { UserGroupUpdatedV1 } from './user-group-updated.v1';
import { UserGroupMembersAddedV1 } from './user-group-members-added.v1';
import { UserGroupMembersRemovedV1 } from './user-group-members-removed.v1';
import { UserGroupSubgroupsAddedV1 } from './user-group-subgroups-added.v1';
import { UserGroupSubgroupsRemovedV1 } from './user-group-subgroups-removed.v1';
import { UserGroupDeactivatedV1 } from './user-group-deactivated.v1';
import { UserStatusChangedV1 } from './user-status-changed.v1';
import { PresenceChangedV1 } from './presence-changed.v1';

export * from './linkifier-added.v1';
export * from './custom-emoji.v1';
export * from './linkifier-changed.v1';
export * from './linkifier-removed.v1';
export * from './linkifiers-reordered.v1';
export * from './navigation-view-added.v1';
export * from './navigation-view-removed.v1';
export * from './navigation-view-updated.v1';
export * from './custom-profile-field-created.v1';
export * from './custom-profile-field-deleted.v1';
export * from './custom-profile-field-updated.v1';
export * from './custom-profile-fields-reordered.v1';
export * from './invitation-accepted.v1';
export * from './invitation-created.v1';
export * from './invitation-link-created.v1';
export * from './invitation-link-revoked.v1';
export * from './invitation-requested.v1';
export * from './invitation-resent.v1';
export * from './invitation-revoked.v1';
export * from './realm-created.v1';
export * from './realm-created.v2';
export * from './realm-user-settings-default-changed.v1';
export * from './user-created.v1';
export * from './user-created.v2';
export * from './user-deactivated.v1';
export * from './user-full-name-changed.v1';
export * from './user-reactivated.v1';
export * from './user-role-changed.v1';
export * from './user-settings-changed.v1';
export * from './user-email-changed.v1';
export * from './user-profile-data-changed.v1';
export * from './realm-setting-changed.v1';
export * from './user-group-created.v1';
export * from './user-group-updated.v1';
export * from './user-group-members-added.v1';
export * from './user-group-members-removed.v1';
export * from './user-group-subgroups-added.v1';
export * from './user-group-subgroups-removed.v1';
export * from './user-group-deactivated.v1';
export * from './user-status-changed.v1';
export * from './presence-changed.v1';
export * from './saved-snippet-created.v1';
export * from './saved-snippet-edited.v1';
export * from './saved-snippet-deleted.v1';
export * from './playground-added.v1';
export * from './playground-removed.v1';

/** Every event on `users.events`, discriminated by `type`. */
export const UsersEvent = z.discriminatedUnion('type', [
  RealmCreatedV2,
  RealmCreatedV1,
  UserCreatedV2,
  UserCreatedV1,
  UserDeactivatedV1,
  UserReactivatedV1,
  UserRoleChangedV1,
  UserFullNameChangedV1,
  RealmUserSettingsDefaultChangedV1,
  UserSettingsChangedV1,
  NavigationViewAddedV1,
  NavigationViewUpdatedV1,
  NavigationViewRemovedV1,
  SavedSnippetCreatedV1,
  SavedSnippetEditedV1,
  SavedSnippetDeletedV1,
  PlaygroundAddedV1,
  PlaygroundRemovedV1,
  LinkifierAddedV1,
  LinkifierChangedV1,
  LinkifierRemovedV1,
  LinkifiersReorderedV1,
  CustomEmojiAddedV1,
  CustomEmojiDeactivatedV1,
  CustomProfileFieldCreatedV1,
  CustomProfileFieldUpdatedV1,
  CustomProfileFieldDeletedV1,
  CustomProfileFieldsReorderedV1,
  UserProfileDataChangedV1,
  UserEmailChangedV1,
  RealmSettingChangedV1,
  UserGroupCreatedV1,
  UserGroupUpdatedV1,
  UserGroupMembersAddedV1,
  UserGroupMembersRemovedV1,
  UserGroupSubgroupsAddedV1,
  UserGroupSubgroupsRemovedV1,
  UserGroupDeactivatedV1,
  UserStatusChangedV1,
  PresenceChangedV1,
  InvitationCreatedV1,
  InvitationResentV1,
  InvitationRevokedV1,
  InvitationAcceptedV1,
  InvitationRequestedV1,
  InvitationLinkCreatedV1,
  InvitationLinkRevokedV1,
]);
export type UsersEvent = z.infer<typeof UsersEvent>;

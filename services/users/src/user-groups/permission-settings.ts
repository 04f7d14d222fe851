/** Realm settings only organization owners may change (zerver/views/realm.py `update_realm`). */
export const OWNER_ONLY_REALM_SETTINGS: ReadonlySet<string> = new Set([
  'can_create_groups',
  'can_invite_users_group',
  'can_manage_all_groups',
  'create_multiuse_invite_group',
]);

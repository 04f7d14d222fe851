import { Role } from '@zulip-es/contracts';

/**
 * Zulip's role-based system groups as `docs/events.md` publishes them (ids 1–8, members derived
 * from roles, each holding the previous one as its subgroup). The users service owns them; this
 * service only needs their ids and which roles are their direct members.
 */
export const SystemGroupId = {
  NOBODY: 1,
  OWNERS: 2,
  ADMINISTRATORS: 3,
  MODERATORS: 4,
  FULL_MEMBERS: 5,
  MEMBERS: 6,
  EVERYONE: 7,
  INTERNET: 8,
} as const;

/** Each system group's name, by id. */
export const SYSTEM_GROUP_NAMES: Readonly<Record<number, string>> = {
  [SystemGroupId.NOBODY]: 'role:nobody',
  [SystemGroupId.OWNERS]: 'role:owners',
  [SystemGroupId.ADMINISTRATORS]: 'role:administrators',
  [SystemGroupId.MODERATORS]: 'role:moderators',
  [SystemGroupId.FULL_MEMBERS]: 'role:fullmembers',
  [SystemGroupId.MEMBERS]: 'role:members',
  [SystemGroupId.EVERYONE]: 'role:everyone',
  [SystemGroupId.INTERNET]: 'role:internet',
};

/** Direct members of each system group by role (everyone else reaches it through subgroups). */
export const SYSTEM_GROUP_DIRECT_ROLES: Readonly<Record<number, readonly Role[]>> = {
  [SystemGroupId.NOBODY]: [],
  [SystemGroupId.OWNERS]: [Role.OWNER],
  [SystemGroupId.ADMINISTRATORS]: [Role.ADMINISTRATOR],
  [SystemGroupId.MODERATORS]: [Role.MODERATOR],
  [SystemGroupId.FULL_MEMBERS]: [Role.MEMBER],
  [SystemGroupId.MEMBERS]: [Role.MEMBER],
  [SystemGroupId.EVERYONE]: [Role.GUEST],
  [SystemGroupId.INTERNET]: [],
};

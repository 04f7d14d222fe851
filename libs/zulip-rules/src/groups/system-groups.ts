import { Role } from '@zulip-es/contracts';

/**
 * Zulip's role-based system groups. They are created with the organization, in Zulip's order, so
 * their ids are always 1–8, as `docs/events.md` publishes them. Their direct members follow from
 * user roles (no membership events): owners ⊂ administrators ⊂ moderators ⊂ full members ⊂
 * members ⊂ everyone ⊂ internet, each group holding the users of its own role directly and the
 * previous group as its one subgroup.
 */
export const SystemGroup = {
  NOBODY: 'role:nobody',
  OWNERS: 'role:owners',
  ADMINISTRATORS: 'role:administrators',
  MODERATORS: 'role:moderators',
  FULL_MEMBERS: 'role:fullmembers',
  MEMBERS: 'role:members',
  EVERYONE: 'role:everyone',
  INTERNET: 'role:internet',
} as const;
export type SystemGroupName = (typeof SystemGroup)[keyof typeof SystemGroup];

/** Each system group's id. */
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

export interface SystemGroupDefinition {
  id: number;
  name: SystemGroupName;
  description: string;
  /** Users with this role are its direct members. */
  directRoles: readonly Role[];
  /** Its one direct subgroup in the chain, if any. */
  subgroup: SystemGroupName | null;
}

/**
 * Full members: Zulip makes a member a full member once the account is older than the
 * organization's waiting period, which is 0 days by default and not configurable here, so every
 * member is one.
 */
export const SYSTEM_GROUPS: readonly SystemGroupDefinition[] = [
  { id: SystemGroupId.NOBODY, name: SystemGroup.NOBODY, description: 'Nobody', directRoles: [], subgroup: null },
  {
    id: SystemGroupId.OWNERS,
    name: SystemGroup.OWNERS,
    description: 'Owners of this organization',
    directRoles: [Role.OWNER],
    subgroup: null,
  },
  {
    id: SystemGroupId.ADMINISTRATORS,
    name: SystemGroup.ADMINISTRATORS,
    description: 'Administrators of this organization, including owners',
    directRoles: [Role.ADMINISTRATOR],
    subgroup: SystemGroup.OWNERS,
  },
  {
    id: SystemGroupId.MODERATORS,
    name: SystemGroup.MODERATORS,
    description: 'Moderators of this organization, including administrators',
    directRoles: [Role.MODERATOR],
    subgroup: SystemGroup.ADMINISTRATORS,
  },
  {
    id: SystemGroupId.FULL_MEMBERS,
    name: SystemGroup.FULL_MEMBERS,
    description: 'Members of this organization, not including new accounts and guests',
    directRoles: [Role.MEMBER],
    subgroup: SystemGroup.MODERATORS,
  },
  {
    id: SystemGroupId.MEMBERS,
    name: SystemGroup.MEMBERS,
    description: 'Members of this organization, not including guests',
    directRoles: [Role.MEMBER],
    subgroup: SystemGroup.FULL_MEMBERS,
  },
  {
    id: SystemGroupId.EVERYONE,
    name: SystemGroup.EVERYONE,
    description: 'Everyone in this organization, including guests',
    directRoles: [Role.GUEST],
    subgroup: SystemGroup.MEMBERS,
  },
  {
    id: SystemGroupId.INTERNET,
    name: SystemGroup.INTERNET,
    description: 'Everyone on the Internet',
    directRoles: [],
    subgroup: SystemGroup.EVERYONE,
  },
];

const BY_NAME = new Map(SYSTEM_GROUPS.map((g) => [g.name, g]));
const BY_ID = new Map(SYSTEM_GROUPS.map((g) => [g.id, g]));

export const systemGroupId = (name: SystemGroupName): number => BY_NAME.get(name)!.id;
export const systemGroupById = (id: number): SystemGroupDefinition | undefined => BY_ID.get(id);

/** Each system group's name, by id. */
export const SYSTEM_GROUP_NAMES: Readonly<Record<number, SystemGroupName>> = Object.fromEntries(SYSTEM_GROUPS.map((g) => [g.id, g.name]));

/** The roles whose users are direct members of a system group (none for another id). */
export const systemGroupDirectRoles = (groupId: number): readonly Role[] => BY_ID.get(groupId)?.directRoles ?? [];

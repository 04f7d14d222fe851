import { randomUUID } from 'node:crypto';
import { Role, UserSettings, type EventEnvelope, type GroupSettingEventValue, type RealmSettings } from '@zulip-es/contracts';
import { REALM_CREATED_V1_SETTINGS } from '@zulip-es/zulip-rules';
import { channelsContext, type ChannelsContext } from '../channels/channels-context';
import { UsersReadModel } from '../users-read-model/users-read-model';

/** The users of every fixture organization, by role. */
export const U = { owner: 1, admin: 2, moderator: 3, member: 4, otherMember: 5, guest: 6, deactivated: 7, bot: 8 } as const;

export const REALM_HOST = 'chat.example.com';

/** A valid value of every user setting: this service reads few of them. */
export const SOME_USER_SETTINGS = UserSettings.parse(
  Object.fromEntries(
    Object.entries(UserSettings.shape).map(([name, schema]) => [name, [true, 0, ''].find((value) => schema.safeParse(value).success)]),
  ),
);

/** The event that creates a fixture organization with `settings`. */
export const realmCreated = (settings: RealmSettings = REALM_CREATED_V1_SETTINGS, host = REALM_HOST): EventEnvelope =>
  usersEvent('realm.created.v2', {
    realmId: 1,
    name: 'Fixture',
    host,
    url: `https://${host}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    settings,
    userSettingsDefaults: SOME_USER_SETTINGS,
  });

let sequence = 0;
/** A users event as the read model receives it from `users.events`. */
export function usersEvent(type: string, data: Record<string, unknown>): EventEnvelope {
  sequence += 1;
  return {
    eventId: randomUUID(),
    type,
    aggregateId: 'fixture',
    sequence,
    time: '2026-01-01T00:00:00.000Z',
    actorId: null,
    correlationId: 'c',
    causationId: 'c',
    data,
  };
}

function userCreated(userId: number, role: Role, options: { isBot?: boolean; visibility?: number } = {}): EventEnvelope {
  return usersEvent('user.created.v1', {
    userId,
    realmId: 1,
    deliveryEmail: `person${userId}@example.com`,
    fullName: `Person ${userId}`,
    role,
    isBot: options.isBot ?? false,
    timezone: '',
    emailAddressVisibility: options.visibility ?? 1,
    dateJoined: '2026-01-01T00:00:00.000Z',
    passwordHash: null,
    apiKeyHash: 'a'.repeat(64),
    apiKeyNonce: 'n'.repeat(16),
  });
}

const SYSTEM_GROUP_NAMES = [
  'role:nobody',
  'role:owners',
  'role:administrators',
  'role:moderators',
  'role:fullmembers',
  'role:members',
  'role:everyone',
  'role:internet',
];
const NO_GROUP_SETTINGS = {
  can_add_members_group: 1,
  can_join_group: 1,
  can_leave_group: 1,
  can_manage_group: 1,
  can_mention_group: 1,
  can_remove_members_group: 1,
};

/**
 * An organization as the messages service's read model knows it: the eight system groups and one
 * user of each role (plus a deactivated member and a bot), ids as in `U`.
 */
export function organization(): UsersReadModel {
  const model = new UsersReadModel();
  model.apply(realmCreated());
  SYSTEM_GROUP_NAMES.forEach((name, i) =>
    model.apply(
      usersEvent('user_group.created.v1', {
        groupId: i + 1,
        name,
        description: name,
        isSystemGroup: true,
        creatorId: null,
        dateCreated: null,
        memberIds: [],
        subgroupIds: i >= 2 ? [i] : [],
        settings: NO_GROUP_SETTINGS,
      }),
    ),
  );
  model.apply(userCreated(U.owner, Role.OWNER));
  model.apply(userCreated(U.admin, Role.ADMINISTRATOR));
  model.apply(userCreated(U.moderator, Role.MODERATOR));
  model.apply(userCreated(U.member, Role.MEMBER));
  model.apply(userCreated(U.otherMember, Role.MEMBER, { visibility: 4 }));
  model.apply(userCreated(U.guest, Role.GUEST));
  model.apply(userCreated(U.deactivated, Role.MEMBER));
  model.apply(usersEvent('user.deactivated.v1', { userId: U.deactivated }));
  model.apply(userCreated(U.bot, Role.MEMBER, { isBot: true }));
  return model;
}

/** A user group holding `memberIds` (id above the system groups). */
export function withGroup(model: UsersReadModel, groupId: number, memberIds: number[], subgroupIds: number[] = []): UsersReadModel {
  model.apply(
    usersEvent('user_group.created.v1', {
      groupId,
      name: `group ${groupId}`,
      description: '',
      isSystemGroup: false,
      creatorId: U.owner,
      dateCreated: '2026-01-01T00:00:00.000Z',
      memberIds,
      subgroupIds,
      settings: NO_GROUP_SETTINGS,
    }),
  );
  return model;
}

export function withRealmSetting(
  model: UsersReadModel,
  property: string,
  value: GroupSettingEventValue | boolean | number | null,
): UsersReadModel {
  model.apply(usersEvent('realm.setting_changed.v1', { property, value }));
  return model;
}

export const contextOf = (model: UsersReadModel, userId: number): ChannelsContext => channelsContext(model, userId);

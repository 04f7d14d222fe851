import { Role, type UserCreatedV2 } from '@zulip-es/contracts';
import type { Delivery } from '@zulip-es/event-queues';
import type { Directory, DirectoryUser } from '../directory/directory';
import { listedChannelsChanged } from './channels';
import { avatarUrl, flavoured, toEveryone, type Flavour } from './client-event';
import type { ClientEventsOf } from './client-event';
import { exportConsent } from './realm-exports';

/**
 * One event per kind of viewer: those who may see the user's real email get it as
 * `delivery_email`, the others null (Zulip's email address visibility).
 */
function byEmailVisibility(
  directory: Directory,
  target: DirectoryUser,
  event: (deliveryEmail: string | null, flavour: Flavour) => Delivery['event'],
): Delivery[] {
  const seeing: number[] = [];
  const notSeeing: number[] = [];
  for (const viewerId of directory.activeUserIds()) (directory.canSeeDeliveryEmail(viewerId, target) ? seeing : notSeeing).push(viewerId);
  return [
    { userIds: seeing, ...flavoured((flavour) => event(target.deliveryEmail, flavour)) },
    { userIds: notSeeing, ...flavoured((flavour) => event(null, flavour)) },
  ].filter((d) => d.userIds.length > 0);
}

/** Zulip's `realm_user` `add`: the new user's dictionary, as `GET /users` shows it (any version of `user.created`). */
export const userCreated = ({ data }: { data: Omit<UserCreatedV2['data'], 'settings'> }, directory: Directory): Delivery[] => {
  const user: DirectoryUser = { ...data, isActive: true, allowsPrivateDataExport: false };
  return byEmailVisibility(directory, user, (deliveryEmail, flavour) => ({
    type: 'realm_user',
    op: 'add',
    person: {
      user_id: data.userId,
      email: directory.apiEmail(user),
      delivery_email: deliveryEmail,
      full_name: data.fullName,
      date_joined: `${data.dateJoined.slice(0, 16)}+00:00`,
      is_active: true,
      is_owner: data.role === Role.OWNER,
      is_admin: data.role <= Role.ADMINISTRATOR,
      is_guest: data.role === Role.GUEST,
      is_bot: data.isBot,
      role: data.role,
      timezone: data.timezone,
      avatar_url: avatarUrl(data.deliveryEmail, flavour),
      avatar_version: 1,
      profile_data: {},
    },
  }));
};

const personUpdate = (person: Record<string, unknown>): Delivery['event'] => ({ type: 'realm_user', op: 'update', person });

export const fullNameChanged: ClientEventsOf<'user.full_name_changed.v1'> = ({ data }, directory) =>
  toEveryone(directory, personUpdate({ user_id: data.userId, full_name: data.fullName }));

/** Everyone is told of the new role; the user, of the channels it shows or hides. */
export const roleChanged: ClientEventsOf<'user.role_changed.v1'> = ({ data }, directory) => {
  const user = directory.user(data.userId);
  const person = toEveryone(directory, personUpdate({ user_id: data.userId, role: data.role }));
  return user ? [...person, ...listedChannelsChanged(directory, user, { ...user, role: data.role })] : person;
};

/** Zulip (feature level 222) updates `is_active` rather than removing the user. */
export const userDeactivated: ClientEventsOf<'user.deactivated.v1'> = ({ data }, directory) =>
  toEveryone(directory, personUpdate({ user_id: data.userId, is_active: false })).map((d) => ({
    ...d,
    userIds: d.userIds.filter((id) => id !== data.userId),
  }));

/** Zulip's `do_reactivate_user` also tells the administrators the returning human's export consent. */
export const userReactivated: ClientEventsOf<'user.reactivated.v1'> = ({ data }, directory) => {
  const user = directory.user(data.userId);
  return [
    ...toEveryone(directory, personUpdate({ user_id: data.userId, is_active: true })),
    ...(user && !user.isBot ? exportConsent(directory, data.userId, user.allowsPrivateDataExport) : []),
  ];
};

/**
 * Zulip's email change: `delivery_email` to those who may see it; the API `email` changes only
 * when everyone may see the address (else it is the unchanged `user<id>@<host>`).
 */
export const emailChanged: ClientEventsOf<'user.email_changed.v1'> = ({ data }, directory) => {
  const user = directory.user(data.userId);
  if (!user) return [];
  const changed = { ...user, deliveryEmail: data.deliveryEmail };
  const visible = byEmailVisibility(directory, changed, (deliveryEmail) =>
    personUpdate({ user_id: data.userId, delivery_email: deliveryEmail }),
  ).filter((d) => (d.event.person as { delivery_email: string | null }).delivery_email !== null);
  const apiEmail =
    user.emailAddressVisibility === 1 ? toEveryone(directory, personUpdate({ user_id: data.userId, new_email: data.deliveryEmail })) : [];
  return [...visible, ...apiEmail];
};

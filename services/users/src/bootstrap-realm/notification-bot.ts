import { Role } from '@zulip-es/contracts';
import type { NewEvent } from '@zulip-es/platform';
import { userCreated, type Credentials } from '../create-user/create-user.decide';
import type { RealmState } from '../domain/realm.state';
import type { UserState } from '../domain/user.state';

export const NOTIFICATION_BOT_EMAIL = 'notification-bot@zulip.com';
export const NOTIFICATION_BOT_NAME = 'Notification Bot';

/**
 * Zulip's Notification Bot, which sends the organization's automatic notices (an invitation
 * accepted, messages moved). Zulip keeps it in an internal realm as a cross-realm bot; here it
 * is a bot user of the organization, created with it (an organization created before it gets it
 * at its next bootstrap). It has no password, its email is shown to everyone, and its API key is
 * never handed out.
 */
export function notificationBotCreated(userId: number, realm: RealmState, credentials: Omit<Credentials, 'passwordHash'>, now: Date): NewEvent {
  const event = userCreated({ userId, realm, email: NOTIFICATION_BOT_EMAIL, fullName: NOTIFICATION_BOT_NAME, role: Role.MEMBER, credentials: { ...credentials, passwordHash: '' }, now });
  return { ...event, data: { ...event.data, isBot: true, passwordHash: null, emailAddressVisibility: 1 } };
}

/** Zulip's system bots live outside the organization: its user list leaves them out. */
export const isSystemBot = (user: Pick<UserState, 'isBot' | 'deliveryEmail'>): boolean => user.isBot && user.deliveryEmail === NOTIFICATION_BOT_EMAIL;

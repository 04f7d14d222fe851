import { isSystemBotUser, Role, SYSTEM_BOTS, type SystemBot } from '@zulip-es/contracts';
import { userCreated, type CreatedUser } from '../create-user/create-user.decide';
import type { RealmState } from '../domain/realm.state';
import type { UserState } from '../domain/user.state';

export const NOTIFICATION_BOT_EMAIL = SYSTEM_BOTS.notification.email;

/**
 * One of Zulip's system bots (see SYSTEM_BOTS), created with the organization (an organization
 * created before it gets it at its next bootstrap): a bot member with no password, its email
 * shown to everyone, its API key never handed out.
 */
export function systemBotCreated(bot: SystemBot, userId: number, realm: RealmState, apiKeySecret: string, now: Date): CreatedUser {
  const { email, fullName } = SYSTEM_BOTS[bot];
  const created = userCreated({
    userId,
    realm,
    email,
    fullName,
    role: Role.MEMBER,
    credentials: { passwordHash: null, apiKeySecret },
    now,
  });
  return { ...created, event: { ...created.event, data: { ...created.event.data, isBot: true, emailAddressVisibility: 1 } } };
}

/** Zulip's system bots live outside the organization: its user list leaves them out. */
export const isSystemBot = (user: Pick<UserState, 'isBot' | 'deliveryEmail'>): boolean => isSystemBotUser(user);

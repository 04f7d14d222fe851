/**
 * Zulip's system bots an organization has here (Zulip keeps them in an internal realm): bot users
 * created with the organization, with no password and no API key handed out, left out of its user
 * list. The Notification Bot sends automatic notices; the Welcome Bot greets.
 */
export const SYSTEM_BOTS = {
  notification: { email: 'notification-bot@zulip.com', fullName: 'Notification Bot' },
  welcome: { email: 'welcome-bot@zulip.com', fullName: 'Welcome Bot' },
} as const;
export type SystemBot = keyof typeof SYSTEM_BOTS;

const SYSTEM_BOT_EMAILS: readonly string[] = Object.values(SYSTEM_BOTS).map((b) => b.email);

/** Whether a user is one of the system bots. */
export const isSystemBotUser = (user: { isBot: boolean; deliveryEmail: string }): boolean =>
  user.isBot && SYSTEM_BOT_EMAILS.includes(user.deliveryEmail);

import { dummyEmail, eventsTopic, UsersEvent, type EventEnvelope } from '@zulip-es/contracts';
import type { ReadModel } from '@zulip-es/platform';

/** What a notification says of the organization (Zulip's base payload: `realm_id`, `realm_name`, …). */
export interface Organization {
  realmId: number;
  name: string;
  /** The organization's host as users see it (Zulip's `server`). */
  host: string;
  url: string;
}

/** A user's settings that decide their pushes. */
export interface PushSettings {
  enable_offline_push_notifications: boolean;
  enable_online_push_notifications: boolean;
  enable_stream_push_notifications: boolean;
  enable_followed_topic_push_notifications: boolean;
  wildcard_mentions_notify: boolean;
  enable_followed_topic_wildcard_mentions_notify: boolean;
}

/** Zulip's defaults, for a user whose creation carried no settings. */
export const DEFAULT_PUSH_SETTINGS: PushSettings = {
  enable_offline_push_notifications: true,
  enable_online_push_notifications: true,
  enable_stream_push_notifications: false,
  enable_followed_topic_push_notifications: true,
  wildcard_mentions_notify: true,
  enable_followed_topic_wildcard_mentions_notify: true,
};
const isPushSetting = (name: string): name is keyof PushSettings => Object.hasOwn(DEFAULT_PUSH_SETTINGS, name);

export interface DirectoryUser {
  userId: number;
  fullName: string;
  /** The email other users see (Zulip's `email`): the real one when the user lets everyone see it. */
  email: string;
  active: boolean;
  isBot: boolean;
  settings: PushSettings;
}

interface KnownUser extends Omit<DirectoryUser, 'email'> {
  deliveryEmail: string;
  emailVisibleToEveryone: boolean;
}

/** Zulip's `EMAIL_ADDRESS_VISIBILITY_EVERYONE`. */
const VISIBLE_TO_EVERYONE = 1;

/**
 * The push service's copy of the organization and its users from `users.events`: who may be
 * notified (active humans), how they want to be, and the names a notification shows.
 */
export class UsersDirectory implements ReadModel {
  readonly name = 'users';
  readonly topics = [eventsTopic('users')];
  readonly eventTypes: ReadonlySet<UsersEvent['type']> = new Set([
    'realm.created.v1',
    'realm.created.v2',
    'realm.setting_changed.v1',
    'user.created.v1',
    'user.created.v2',
    'user.settings_changed.v1',
    'user.full_name_changed.v1',
    'user.email_changed.v1',
    'user.deactivated.v1',
    'user.reactivated.v1',
  ] as const);
  private organization?: Organization;
  private readonly users = new Map<number, KnownUser>();

  /** The organization, once it exists. */
  get current(): Organization | undefined {
    return this.organization;
  }

  user(userId: number): DirectoryUser | undefined {
    const known = this.users.get(userId);
    if (!known) return undefined;
    const { deliveryEmail, emailVisibleToEveryone, ...user } = known;
    return { ...user, email: emailVisibleToEveryone ? deliveryEmail : dummyEmail(userId, this.organization?.host ?? '') };
  }

  apply(envelope: EventEnvelope): void {
    const parsed = UsersEvent.safeParse({ type: envelope.type, data: envelope.data });
    if (!parsed.success) return;
    const event = parsed.data;
    switch (event.type) {
      case 'realm.created.v1':
      case 'realm.created.v2': {
        const { realmId, name, host, url } = event.data;
        this.organization = { realmId, name, host, url };
        return;
      }
      case 'realm.setting_changed.v1':
        if (event.data.property === 'name' && typeof event.data.value === 'string' && this.organization)
          this.organization = { ...this.organization, name: event.data.value };
        return;
      case 'user.created.v1':
      case 'user.created.v2': {
        const { userId, fullName, deliveryEmail, isBot, emailAddressVisibility, settings } = event.data;
        const pushSettings = { ...DEFAULT_PUSH_SETTINGS };
        for (const name of Object.keys(DEFAULT_PUSH_SETTINGS) as (keyof PushSettings)[]) if (settings) pushSettings[name] = settings[name];
        this.users.set(userId, {
          userId,
          fullName,
          deliveryEmail,
          emailVisibleToEveryone: emailAddressVisibility === VISIBLE_TO_EVERYONE,
          active: true,
          isBot,
          settings: pushSettings,
        });
        return;
      }
      case 'user.settings_changed.v1': {
        const user = this.users.get(event.data.userId);
        const { property, value } = event.data;
        if (user && isPushSetting(property) && typeof value === 'boolean') user.settings = { ...user.settings, [property]: value };
        if (user && property === 'email_address_visibility') user.emailVisibleToEveryone = value === VISIBLE_TO_EVERYONE;
        return;
      }
      case 'user.full_name_changed.v1':
        this.update(event.data.userId, { fullName: event.data.fullName });
        return;
      case 'user.email_changed.v1':
        this.update(event.data.userId, { deliveryEmail: event.data.deliveryEmail });
        return;
      case 'user.deactivated.v1':
        this.update(event.data.userId, { active: false });
        return;
      case 'user.reactivated.v1':
        this.update(event.data.userId, { active: true });
        return;
      default:
        return;
    }
  }

  private update(userId: number, change: Partial<KnownUser>): void {
    const user = this.users.get(userId);
    if (user) this.users.set(userId, { ...user, ...change });
  }
}

import { Role, type EmailAddressVisibility } from '@zulip-es/contracts';
import type { DomainEvent } from '../domain-event';

/** What the fan-out knows of a user: who sees what, and how others see them. */
export interface DirectoryUser {
  userId: number;
  fullName: string;
  deliveryEmail: string;
  emailAddressVisibility: EmailAddressVisibility;
  role: Role;
  isActive: boolean;
  isBot: boolean;
  timezone: string;
  dateJoined: string;
}

export interface DirectoryChannel {
  channelId: number;
  name: string;
  inviteOnly: boolean;
  subscribers: Set<number>;
}

/**
 * The fan-out's copy of users and channels, applied in the order of the events it delivers:
 * the audience of an event is decided on the state just before it. Channels and their
 * subscribers live on one partition of `messages.events` with the messages sent to them (all are
 * keyed by the organization), so a message reaches exactly the subscribers it was sent to.
 */
export class Directory {
  private readonly users = new Map<number, DirectoryUser>();
  private readonly channels = new Map<number, DirectoryChannel>();
  private realmHost = '';

  user(userId: number): DirectoryUser | undefined {
    return this.users.get(userId);
  }

  channel(channelId: number): DirectoryChannel | undefined {
    return this.channels.get(channelId);
  }

  /** Everyone whose client should hear of organization-wide changes. */
  activeUserIds(): number[] {
    return [...this.users.values()].filter((u) => u.isActive).map((u) => u.userId);
  }

  /** Zulip's `email` field: the real address when everyone may see it, else `user<id>@<host>`. */
  apiEmail(user: DirectoryUser): string {
    return user.emailAddressVisibility === 1 ? user.deliveryEmail : `user${user.userId}@${this.realmHost}`;
  }

  /** Whether `viewer` may see the real email of `target` under the target's email visibility. */
  canSeeDeliveryEmail(viewerId: number, target: DirectoryUser): boolean {
    if (viewerId === target.userId) return true;
    const viewer = this.users.get(viewerId);
    if (!viewer) return false;
    switch (target.emailAddressVisibility) {
      case 1:
        return true;
      case 2:
        return viewer.role <= Role.MEMBER;
      case 3:
        return viewer.role <= Role.ADMINISTRATOR;
      case 4:
        return false;
      case 5:
        return viewer.role <= Role.MODERATOR;
    }
  }

  apply(event: DomainEvent): void {
    switch (event.type) {
      case 'realm.created.v1':
        this.realmHost = event.data.host;
        return;
      case 'user.created.v1': {
        const { userId, fullName, deliveryEmail, emailAddressVisibility, role, isBot, timezone, dateJoined } = event.data;
        this.users.set(userId, { userId, fullName, deliveryEmail, emailAddressVisibility, role, isActive: true, isBot, timezone, dateJoined });
        return;
      }
      case 'user.full_name_changed.v1':
        return this.updateUser(event.data.userId, { fullName: event.data.fullName });
      case 'user.email_changed.v1':
        return this.updateUser(event.data.userId, { deliveryEmail: event.data.deliveryEmail });
      case 'user.role_changed.v1':
        return this.updateUser(event.data.userId, { role: event.data.role });
      case 'user.deactivated.v1':
        return this.updateUser(event.data.userId, { isActive: false });
      case 'user.reactivated.v1':
        return this.updateUser(event.data.userId, { isActive: true });
      case 'user.settings_changed.v1':
        if (event.data.property === 'email_address_visibility') this.updateUser(event.data.userId, { emailAddressVisibility: event.data.value as EmailAddressVisibility });
        return;
      case 'channel.created.v1':
        this.channels.set(event.data.channelId, { channelId: event.data.channelId, name: event.data.name, inviteOnly: event.data.inviteOnly, subscribers: new Set() });
        return;
      case 'channel.subscribers_added.v1': {
        const channel = this.channels.get(event.data.channelId);
        for (const { userId } of event.data.subscribers) channel?.subscribers.add(userId);
        return;
      }
      case 'channel.subscribers_removed.v1': {
        const channel = this.channels.get(event.data.channelId);
        for (const userId of event.data.userIds) channel?.subscribers.delete(userId);
        return;
      }
      default:
        return;
    }
  }

  private updateUser(userId: number, change: Partial<DirectoryUser>): void {
    const user = this.users.get(userId);
    if (user) this.users.set(userId, { ...user, ...change });
  }
}

/** The event types that change the directory: the others need not be read before the fan-out's start. */
export const DIRECTORY_EVENT_TYPES: ReadonlySet<string> = new Set([
  'realm.created.v1',
  'user.created.v1',
  'user.full_name_changed.v1',
  'user.email_changed.v1',
  'user.role_changed.v1',
  'user.deactivated.v1',
  'user.reactivated.v1',
  'user.settings_changed.v1',
  'channel.created.v1',
  'channel.subscribers_added.v1',
  'channel.subscribers_removed.v1',
]);

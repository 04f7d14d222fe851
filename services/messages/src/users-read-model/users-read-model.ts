import { dummyEmailUserId, eventsTopic, UsersEvent, type EmailAddressVisibility, type EventEnvelope, type Role } from '@zulip-es/contracts';
import type { ReadModel } from '@zulip-es/platform';
import { apiEmail, GroupMembership, REALM_CREATED_V1_SETTINGS, type MembershipGroup } from '@zulip-es/zulip-rules';
import { newRealm, withRealmSetting, type ReadRealm } from './realm-settings';

/** What this service knows of a user. */
export interface ReadUser {
  userId: number;
  role: Role;
  isActive: boolean;
  isBot: boolean;
  fullName: string;
  deliveryEmail: string;
  emailAddressVisibility: EmailAddressVisibility;
}

/**
 * A user's `enable_drafts_synchronization`, and the sequence (in the `user:<id>` aggregate) of
 * the settings event that last turned it off (0: never): drafts saved before then are deleted.
 */
export interface DraftsSync {
  enabled: boolean;
  disabledAt: number;
}

/** A user's typing notification settings (Zulip's defaults: all on). */
export interface TypingSettings {
  receives_typing_notifications: boolean;
  send_private_typing_notifications: boolean;
  send_stream_typing_notifications: boolean;
}

const TYPING_SETTINGS = ['receives_typing_notifications', 'send_private_typing_notifications', 'send_stream_typing_notifications'] as const;
const DEFAULT_TYPING: TypingSettings = {
  receives_typing_notifications: true,
  send_private_typing_notifications: true,
  send_stream_typing_notifications: true,
};

export interface ReadGroup extends MembershipGroup {
  name: string;
  deactivated: boolean;
}

/**
 * The messages service's copy of the users domain: users, roles, groups and the organization
 * settings it decides on, kept in memory from `users.events` (no call to the users service).
 *
 * Why in memory, rebuilt by replaying `users.events` at every start, rather than a Mongo
 * projection: the topic holds people and settings, not messages, so it stays small next to
 * message traffic and replays in seconds (the gateway does the same for API keys); a Mongo copy
 * would need its own checkpoints, versioned documents and rebuild path, and every permission
 * check would read documents instead of maps. The cost is start time and memory proportional to
 * the organization's users and groups, and it is durable because the topic is.
 */
export class UsersReadModel implements ReadModel {
  readonly name = 'users';
  readonly topics = [eventsTopic('users')];
  private readonly users = new Map<number, ReadUser>();
  /** Lower-case delivery email → user id. */
  private readonly byDeliveryEmail = new Map<string, number>();
  private readonly groups = new Map<number, ReadGroup>();
  private readonly draftsSync = new Map<number, DraftsSync>();
  private readonly typing = new Map<number, TypingSettings>();
  /** Users who turned `send_read_receipts` off (Zulip's default is on). */
  private readonly hidingReadReceipts = new Set<number>();
  private currentRealm: ReadRealm | null = null;
  private cachedMembership: GroupMembership | null = null;

  get realm(): ReadRealm | null {
    return this.currentRealm;
  }

  user(userId: number): ReadUser | undefined {
    return this.users.get(userId);
  }

  allUsers(): ReadUser[] {
    return [...this.users.values()];
  }

  typingSettingsOf(userId: number): TypingSettings {
    return this.typing.get(userId) ?? DEFAULT_TYPING;
  }

  /** Zulip's `send_read_receipts`: whether others may see that the user read a message. */
  sendsReadReceipts(userId: number): boolean {
    return !this.hidingReadReceipts.has(userId);
  }

  /** Zulip's default (on) for a user this model has not seen. */
  draftsSyncOf(userId: number): DraftsSync {
    return this.draftsSync.get(userId) ?? { enabled: true, disabledAt: 0 };
  }

  group(groupId: number): ReadGroup | undefined {
    return this.groups.get(groupId);
  }

  /**
   * Zulip matches `principals` emails against the API `email`: the real address when everyone
   * may see it, the dummy `user<id>@<host>` otherwise.
   */
  userByApiEmail(email: string): ReadUser | undefined {
    const wanted = email.trim().toLowerCase();
    const realm = this.currentRealm;
    const dummyId = realm ? dummyEmailUserId(wanted, realm.host) : null;
    const candidate = dummyId !== null ? this.users.get(dummyId) : this.users.get(this.byDeliveryEmail.get(wanted) ?? 0);
    if (!candidate || !realm) return undefined;
    return apiEmail(candidate, realm).toLowerCase() === wanted ? candidate : undefined;
  }

  /** Recursive membership as of the events read so far (built again after each change). */
  membership(): GroupMembership {
    this.cachedMembership ??= new GroupMembership(this.groups.values(), this.users.values());
    return this.cachedMembership;
  }

  apply(envelope: EventEnvelope): void {
    const parsed = UsersEvent.safeParse({ type: envelope.type, data: envelope.data });
    if (!parsed.success) return; // a type this service does not know yet
    this.applyEvent(parsed.data);
    this.applyDraftsSync(parsed.data, envelope.sequence);
    this.applyTypingSettings(parsed.data);
    this.applyReadReceiptsSetting(parsed.data);
  }

  private applyReadReceiptsSetting(event: UsersEvent): void {
    let sends: boolean;
    if (event.type === 'user.created.v1' || event.type === 'user.created.v2') sends = event.data.settings?.send_read_receipts ?? true;
    else if (event.type === 'user.settings_changed.v1' && event.data.property === 'send_read_receipts') sends = event.data.value === true;
    else return;
    if (sends) this.hidingReadReceipts.delete(event.data.userId);
    else this.hidingReadReceipts.add(event.data.userId);
  }

  private applyTypingSettings(event: UsersEvent): void {
    if (event.type === 'user.created.v1' || event.type === 'user.created.v2') {
      const settings = event.data.settings;
      this.typing.set(
        event.data.userId,
        Object.fromEntries(TYPING_SETTINGS.map((name) => [name, settings?.[name] ?? true])) as unknown as TypingSettings,
      );
    } else if (event.type === 'user.settings_changed.v1' && (TYPING_SETTINGS as readonly string[]).includes(event.data.property)) {
      this.typing.set(event.data.userId, { ...this.typingSettingsOf(event.data.userId), [event.data.property]: event.data.value === true });
    }
  }

  /** Users join with the organization's default for the setting (Zulip's `true` in events that predate settings). */
  private applyDraftsSync(event: UsersEvent, sequence: number): void {
    if (event.type === 'user.created.v1' || event.type === 'user.created.v2') {
      this.draftsSync.set(event.data.userId, { enabled: event.data.settings?.enable_drafts_synchronization ?? true, disabledAt: 0 });
    } else if (event.type === 'user.settings_changed.v1' && event.data.property === 'enable_drafts_synchronization') {
      const enabled = event.data.value === true;
      const { disabledAt } = this.draftsSyncOf(event.data.userId);
      this.draftsSync.set(event.data.userId, { enabled, disabledAt: enabled ? disabledAt : sequence });
    }
  }

  private applyEvent(event: UsersEvent): void {
    switch (event.type) {
      case 'realm.created.v1':
        this.currentRealm = newRealm(event.data.realmId, event.data.host, event.data.url, REALM_CREATED_V1_SETTINGS);
        return;
      case 'realm.created.v2':
        this.currentRealm = newRealm(event.data.realmId, event.data.host, event.data.url, event.data.settings);
        return;
      case 'realm.setting_changed.v1':
        if (this.currentRealm) this.currentRealm = withRealmSetting(this.currentRealm, event.data.property, event.data.value);
        return;
      case 'user.created.v1':
      case 'user.created.v2': {
        const { userId, role, isBot, fullName, deliveryEmail, emailAddressVisibility } = event.data;
        this.users.set(userId, { userId, role, isActive: true, isBot, fullName, deliveryEmail, emailAddressVisibility });
        this.byDeliveryEmail.set(deliveryEmail.toLowerCase(), userId);
        return this.membershipChanged();
      }
      case 'user.deactivated.v1':
        this.updateUser(event.data.userId, { isActive: false });
        return this.membershipChanged();
      case 'user.reactivated.v1':
        this.updateUser(event.data.userId, { isActive: true });
        return this.membershipChanged();
      case 'user.role_changed.v1':
        this.updateUser(event.data.userId, { role: event.data.role });
        return this.membershipChanged();
      case 'user.full_name_changed.v1':
        return this.updateUser(event.data.userId, { fullName: event.data.fullName });
      case 'user.email_changed.v1': {
        const user = this.users.get(event.data.userId);
        if (!user) return;
        if (this.byDeliveryEmail.get(user.deliveryEmail.toLowerCase()) === user.userId)
          this.byDeliveryEmail.delete(user.deliveryEmail.toLowerCase());
        this.byDeliveryEmail.set(event.data.deliveryEmail.toLowerCase(), user.userId);
        return this.updateUser(user.userId, { deliveryEmail: event.data.deliveryEmail });
      }
      case 'user.settings_changed.v1':
        if (event.data.property === 'email_address_visibility')
          this.updateUser(event.data.userId, { emailAddressVisibility: event.data.value as EmailAddressVisibility });
        return;
      case 'user_group.created.v1': {
        const { groupId, name, isSystemGroup, memberIds, subgroupIds } = event.data;
        this.groups.set(groupId, {
          groupId,
          name,
          isSystemGroup,
          memberIds: [...memberIds],
          subgroupIds: [...subgroupIds],
          deactivated: false,
        });
        return this.membershipChanged();
      }
      case 'user_group.updated.v1': {
        const { name, deactivated } = event.data;
        if (name !== undefined || deactivated === false)
          this.updateGroup(event.data.groupId, () => ({
            ...(name !== undefined ? { name } : {}),
            ...(deactivated === false ? { deactivated } : {}),
          }));
        return;
      }
      case 'user_group.deactivated.v1':
        return this.updateGroup(event.data.groupId, () => ({ deactivated: true }));
      case 'user_group.members_added.v1':
        return this.updateGroup(event.data.groupId, (g) => ({ memberIds: union(g.memberIds, event.data.userIds) }));
      case 'user_group.members_removed.v1':
        return this.updateGroup(event.data.groupId, (g) => ({ memberIds: g.memberIds.filter((id) => !event.data.userIds.includes(id)) }));
      case 'user_group.subgroups_added.v1':
        return this.updateGroup(event.data.groupId, (g) => ({ subgroupIds: union(g.subgroupIds, event.data.subgroupIds) }));
      case 'user_group.subgroups_removed.v1':
        return this.updateGroup(event.data.groupId, (g) => ({
          subgroupIds: g.subgroupIds.filter((id) => !event.data.subgroupIds.includes(id)),
        }));
      default:
        // Profiles, settings defaults, statuses, presence, linkifiers, invitations: not needed here
        // (accepted invitations are acted on by the invitation relay, not by this model).
        return;
    }
  }

  private updateUser(userId: number, change: Partial<ReadUser>): void {
    const user = this.users.get(userId);
    if (user) this.users.set(userId, { ...user, ...change });
  }

  private updateGroup(groupId: number, change: (group: ReadGroup) => Partial<ReadGroup>): void {
    const group = this.groups.get(groupId);
    if (!group) return;
    this.groups.set(groupId, { ...group, ...change(group) });
    this.membershipChanged();
  }

  private membershipChanged(): void {
    this.cachedMembership = null;
  }
}

const union = (a: readonly number[], b: readonly number[]): number[] => [...new Set([...a, ...b])].sort((x, y) => x - y);

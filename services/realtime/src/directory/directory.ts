import { evolveCustomEmojiList, type CustomEmojiRecord } from '@zulip-es/zulip-emoji';
import {
  evolveRealmExport,
  Role,
  type CustomProfileFieldDefinition,
  type EmailAddressVisibility,
  type RealmExportEvent,
  type RealmExportRecord,
} from '@zulip-es/contracts';
import {
  apiEmail,
  canSeeDeliveryEmail,
  changedChannel,
  hasMetadataAccess,
  hasPermissionForGroupSetting,
  isChannelMetadataAudience,
  type ChannelFields,
  type GroupsAccess,
  type SubscriptionSettings,
} from '@zulip-es/zulip-rules';
import type { DomainEvent } from '../domain-event';
import { Attachments } from './attachments';
import { MutedUsers } from './muted-users';
import { evolveGroups, type DirectoryGroup, type GroupMembershipEvent, type Groups } from './channel-groups';
import { evolveLinkifiers, evolvePlaygrounds, evolveProfileFields, type Linkifier, type Playground } from './org-lists';

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
  /** Whether administrators may export the user's private data (`allow_private_data_export`). */
  allowsPrivateDataExport: boolean;
}

/** A channel as its events left it, with its subscribers. */
export interface DirectoryChannel extends ChannelFields {
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
  /** User groups: who holds a channel's access-granting settings. */
  private groups: Map<number, DirectoryGroup> = new Map();
  /** The organization's default channels, by id. */
  private readonly defaultChannels = new Set<number>();
  private realmHost = '';
  /** The organization's site (`realm.created.v1`): export archives' URLs start with it. */
  realmUrl = '';
  /** The organization's exports, by id. */
  private readonly realmExports = new Map<number, RealmExportRecord>();
  /** The organization's id (0 before its creation is read): custom emoji URLs name it. */
  realmId = 0;
  /** The organization's custom emoji, deactivated ones too. */
  customEmoji: readonly CustomEmojiRecord[] = [];
  profileFields: readonly CustomProfileFieldDefinition[] = [];
  linkifiers: readonly Linkifier[] = [];
  playgrounds: readonly Playground[] = [];
  readonly attachments = new Attachments();
  readonly mutedUsers = new MutedUsers();
  /** Invitation id → who sent it (told when it changes). */
  private readonly invitedBy = new Map<number, number>();
  /** Reusable link id → who created it (told when it is revoked). */
  private readonly linkCreatedBy = new Map<number, number>();
  /** User id → the last time (Unix seconds) the user was reported active. */
  private readonly lastActive = new Map<number, number>();
  /** `<userId>:<channelId>` → the settings the user changed of that subscription (kept after they leave, as Zulip keeps them). */
  private readonly subscriptionSettingsByKey = new Map<string, SubscriptionSettings>();

  /** What `userId` changed of their subscription to `channelId` (nothing: Zulip's defaults). */
  subscriptionSettings(userId: number, channelId: number): SubscriptionSettings {
    return this.subscriptionSettingsByKey.get(`${userId}:${channelId}`) ?? {};
  }

  invitationSender(inviteId: number): number | undefined {
    return this.invitedBy.get(inviteId);
  }

  invitationLinkCreator(linkId: number): number | undefined {
    return this.linkCreatedBy.get(linkId);
  }

  lastActiveAt(userId: number): number | undefined {
    return this.lastActive.get(userId);
  }

  /** Active administrators and owners: they see every invitation. */
  administratorIds(): number[] {
    return [...this.users.values()].filter((u) => u.isActive && u.role <= Role.ADMINISTRATOR).map((u) => u.userId);
  }

  /** Zulip's `get_human_admin_users`: active administrators and owners who are not bots. */
  humanAdministratorIds(): number[] {
    return [...this.users.values()].filter((u) => u.isActive && !u.isBot && u.role <= Role.ADMINISTRATOR).map((u) => u.userId);
  }

  /** Every export as it is after `event` (the directory itself changes only when it applies it). */
  realmExportsAfter(event: RealmExportEvent): RealmExportRecord[] {
    const exports = new Map(this.realmExports);
    const evolved = evolveRealmExport(exports.get(event.data.exportId) ?? null, event);
    if (evolved) exports.set(evolved.exportId, evolved);
    return [...exports.values()];
  }

  user(userId: number): DirectoryUser | undefined {
    return this.users.get(userId);
  }

  channel(channelId: number): DirectoryChannel | undefined {
    return this.channels.get(channelId);
  }

  /**
   * The active users who may see that a channel exists: everyone but guests for a public one;
   * for a private one its subscribers, the administrators and the holders of its
   * access-granting group settings.
   */
  channelViewerIds(channel: DirectoryChannel): number[] {
    const access = groupsAccess(this.groups);
    return [...this.users.values()].filter((u) => seesChannel(access, u, channel)).map((u) => u.userId);
  }

  /**
   * Whether the channel is in the user's `streams` (their `POST /register` state): as for
   * `channelViewerIds`, and web-public channels for guests too.
   */
  listsChannel(user: DirectoryUser, channel: DirectoryChannel): boolean {
    return user.isActive && hasMetadataAccess(groupsAccess(this.groups), user, channel, channel.subscribers.has(user.userId));
  }

  /** The channels `user` would list, for a role changed or to change. */
  channelsListedBy(user: DirectoryUser): DirectoryChannel[] {
    return [...this.channels.values()].filter((c) => this.listsChannel(user, c));
  }

  /**
   * The users whose listed channels a group change alters (it grants or takes a private
   * channel's metadata access), with the private channels they list before and after it (the
   * others do not depend on groups). Administrators list every channel and guests get no access
   * from groups, so only the others are looked at.
   */
  listingsChangedBy(event: GroupMembershipEvent): { userId: number; before: DirectoryChannel[]; after: DirectoryChannel[] }[] {
    const access = { before: groupsAccess(this.groups), after: groupsAccess(evolveGroups(this.groups, event)) };
    const privateChannels = [...this.channels.values()].filter((c) => c.inviteOnly && !c.isWebPublic);
    return [...this.users.values()].flatMap((user) => {
      if (!user.isActive || user.role <= Role.ADMINISTRATOR || user.role === Role.GUEST) return [];
      const before = privateChannels.filter((c) => seesChannel(access.before, user, c));
      const after = privateChannels.filter((c) => seesChannel(access.after, user, c));
      const same = before.length === after.length && before.every((c, i) => c.channelId === after[i]!.channelId);
      return same ? [] : [{ userId: user.userId, before, after }];
    });
  }

  /** The default channels' ids, ascending. */
  defaultChannelIds(): number[] {
    return [...this.defaultChannels].sort((a, b) => a - b);
  }

  /** The channel's active subscribers. */
  activeSubscriberIds(channel: DirectoryChannel): number[] {
    return [...channel.subscribers].filter((id) => this.users.get(id)?.isActive);
  }

  /** Everyone whose client should hear of organization-wide changes. */
  activeUserIds(): number[] {
    return [...this.users.values()].filter((u) => u.isActive).map((u) => u.userId);
  }

  /** The active members, moderators, administrators and owners: guests are not told what they may not all see. */
  activeNonGuestIds(): number[] {
    return [...this.users.values()].filter((u) => u.isActive && u.role !== Role.GUEST).map((u) => u.userId);
  }

  /** Zulip's `email` field: the real address when everyone may see it, else `user<id>@<host without port>`. */
  apiEmail(user: DirectoryUser): string {
    return apiEmail(user, { host: this.realmHost });
  }

  /** Whether `viewer` may see the real email of `target` under the target's email visibility. */
  canSeeDeliveryEmail(viewerId: number, target: DirectoryUser): boolean {
    const viewer = this.users.get(viewerId);
    return viewerId === target.userId || (viewer !== undefined && canSeeDeliveryEmail(viewer, target));
  }

  apply(event: DomainEvent): void {
    switch (event.type) {
      case 'realm.created.v1':
      case 'realm.created.v2':
        this.realmHost = event.data.host;
        this.realmId = event.data.realmId;
        this.realmUrl = event.data.url;
        return;
      case 'realm_export.requested.v1':
      case 'realm_export.succeeded.v1':
      case 'realm_export.failed.v1':
      case 'realm_export.deleted.v1':
        for (const e of this.realmExportsAfter(event)) this.realmExports.set(e.exportId, e);
        return;
      case 'custom_emoji.added.v1':
      case 'custom_emoji.deactivated.v1':
        this.customEmoji = evolveCustomEmojiList(this.customEmoji, event);
        return;
      case 'user.created.v1':
      case 'user.created.v2': {
        const { userId, fullName, deliveryEmail, emailAddressVisibility, role, isBot, timezone, dateJoined, settings } = event.data;
        const allowsPrivateDataExport =
          (settings as { allow_private_data_export?: boolean } | undefined)?.allow_private_data_export === true;
        this.users.set(userId, {
          userId,
          fullName,
          deliveryEmail,
          emailAddressVisibility,
          role,
          isActive: true,
          isBot,
          timezone,
          dateJoined,
          allowsPrivateDataExport,
        });
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
        if (event.data.property === 'email_address_visibility')
          this.updateUser(event.data.userId, { emailAddressVisibility: event.data.value as EmailAddressVisibility });
        if (event.data.property === 'allow_private_data_export')
          this.updateUser(event.data.userId, { allowsPrivateDataExport: event.data.value === true });
        return;
      case 'user_group.created.v1':
      case 'user_group.members_added.v1':
      case 'user_group.members_removed.v1':
      case 'user_group.subgroups_added.v1':
      case 'user_group.subgroups_removed.v1':
        this.groups = evolveGroups(this.groups, event);
        return;
      case 'channel.created.v1':
        this.channels.set(event.data.channelId, { ...event.data, subscribers: new Set(), firstMessageId: null });
        return;
      case 'message.sent.v1': {
        const { conversation } = event.data;
        const channel = conversation.type === 'channel' ? this.channels.get(conversation.channelId) : undefined;
        if (channel && channel.firstMessageId === null) channel.firstMessageId = event.data.messageId;
        return;
      }
      case 'messages.deleted.v1': {
        const { conversation, channelFirstMessageId } = event.data;
        const channel = conversation.type === 'channel' ? this.channels.get(conversation.channelId) : undefined;
        if (channel && channelFirstMessageId !== undefined) channel.firstMessageId = channelFirstMessageId;
        return;
      }
      case 'messages.moved.v1': {
        // The target's oldest message may now be a moved one; the source's is recomputed only by
        // the messages service (a later deletion's event carries it).
        const target = this.channels.get(event.data.to.channelId);
        // Not Math.min(...ids): a spread of more than about 126,000 ids overflows the stack, and an
        // event that cannot be applied would stop the service at every start.
        const oldestMoved = event.data.messageIds.reduce((oldest, id) => Math.min(oldest, id), Infinity);
        if (target && (target.firstMessageId === null || oldestMoved < target.firstMessageId)) target.firstMessageId = oldestMoved;
        return;
      }
      case 'channel.renamed.v1':
      case 'channel.description_changed.v1':
      case 'channel.permission_changed.v1':
      case 'channel.property_changed.v1':
      case 'channel.group_setting_changed.v1':
      case 'channel.archived.v1':
      case 'channel.unarchived.v1': {
        const channel = this.channels.get(event.data.channelId);
        if (channel) this.channels.set(channel.channelId, changedChannel(channel, event));
        return;
      }
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
      case 'subscription.property_changed.v1': {
        const key = `${event.data.userId}:${event.data.channelId}`;
        this.subscriptionSettingsByKey.set(key, { ...this.subscriptionSettingsByKey.get(key), [event.data.property]: event.data.value });
        return;
      }
      case 'default_channel.added.v1':
        this.defaultChannels.add(event.data.channelId);
        return;
      case 'default_channel.removed.v1':
        this.defaultChannels.delete(event.data.channelId);
        return;
      case 'custom_profile_field.created.v1':
      case 'custom_profile_field.updated.v1':
      case 'custom_profile_field.deleted.v1':
      case 'custom_profile_fields.reordered.v1':
        this.profileFields = evolveProfileFields(this.profileFields, event);
        return;
      case 'linkifier.added.v1':
      case 'linkifier.changed.v1':
      case 'linkifier.removed.v1':
      case 'linkifiers.reordered.v1':
        this.linkifiers = evolveLinkifiers(this.linkifiers, event);
        return;
      case 'playground.added.v1':
      case 'playground.removed.v1':
        this.playgrounds = evolvePlaygrounds(this.playgrounds, event);
        return;
      case 'invitation.created.v1':
        this.invitedBy.set(event.data.inviteId, event.data.invitedByUserId);
        return;
      case 'invitation_link.created.v1':
        this.linkCreatedBy.set(event.data.linkId, event.data.invitedByUserId);
        return;
      case 'attachment.uploaded.v1':
      case 'attachment.claimed.v1':
      case 'attachment.unclaimed.v1':
      case 'attachment.removed.v1':
        return this.attachments.apply(event);
      case 'user.muted.v1':
      case 'user.unmuted.v1':
        return this.mutedUsers.apply(event);
      case 'presence.changed.v1':
        if (event.data.status === 'active') this.lastActive.set(event.data.userId, event.data.timestamp);
        return;
      default:
        return;
    }
  }

  private updateUser(userId: number, change: Partial<DirectoryUser>): void {
    const user = this.users.get(userId);
    if (user) this.users.set(userId, { ...user, ...change });
  }
}

/** Who holds which group setting, from the fan-out's copy of the groups (only active users are asked about). */
const groupsAccess = (groups: Groups): GroupsAccess => ({
  membership: { hasPermission: (user, value, config) => hasPermissionForGroupSetting(groups, user, value, config) },
});

/** See `channelViewerIds`. */
function seesChannel(access: GroupsAccess, user: DirectoryUser, channel: DirectoryChannel): boolean {
  return user.isActive && isChannelMetadataAudience(access, user, channel, channel.subscribers.has(user.userId));
}

/** The event types that change the directory: the others need not be read before the fan-out's start. */
export const DIRECTORY_EVENT_TYPES: ReadonlySet<string> = new Set([
  'realm.created.v1',
  'realm.created.v2',
  'realm_export.requested.v1',
  'realm_export.succeeded.v1',
  'realm_export.failed.v1',
  'realm_export.deleted.v1',
  'user.created.v1',
  'user.created.v2',
  'user.full_name_changed.v1',
  'user.email_changed.v1',
  'user.role_changed.v1',
  'user.deactivated.v1',
  'user.reactivated.v1',
  'user.settings_changed.v1',
  'user_group.created.v1',
  'user_group.members_added.v1',
  'user_group.members_removed.v1',
  'user_group.subgroups_added.v1',
  'user_group.subgroups_removed.v1',
  'channel.created.v1',
  'channel.subscribers_added.v1',
  'channel.subscribers_removed.v1',
  'channel.renamed.v1',
  'channel.description_changed.v1',
  'channel.permission_changed.v1',
  'channel.property_changed.v1',
  'channel.group_setting_changed.v1',
  'channel.archived.v1',
  'channel.unarchived.v1',
  'subscription.property_changed.v1',
  'default_channel.added.v1',
  'default_channel.removed.v1',
  'message.sent.v1',
  'messages.deleted.v1',
  'messages.moved.v1',
  'custom_profile_field.created.v1',
  'custom_profile_field.updated.v1',
  'custom_profile_field.deleted.v1',
  'custom_profile_fields.reordered.v1',
  'custom_emoji.added.v1',
  'custom_emoji.deactivated.v1',
  'linkifier.added.v1',
  'linkifier.changed.v1',
  'linkifier.removed.v1',
  'linkifiers.reordered.v1',
  'playground.added.v1',
  'playground.removed.v1',
  'invitation.created.v1',
  'invitation_link.created.v1',
  'attachment.uploaded.v1',
  'attachment.claimed.v1',
  'attachment.unclaimed.v1',
  'attachment.removed.v1',
  'presence.changed.v1',
  'user.muted.v1',
  'user.unmuted.v1',
]);

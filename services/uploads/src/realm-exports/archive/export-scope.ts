import {
  RealmExportType,
  type MessagesEvent,
  type RealmExportType as ExportType,
  type UploadsEvent,
  type UsersEvent,
} from '@zulip-es/contracts';

/** The events an export reads: those of users.events, messages.events and uploads.events. */
type ExportedEvent = UsersEvent | MessagesEvent | UploadsEvent;
type ExportedEventType = ExportedEvent['type'];
type DataOf<T extends ExportedEventType> = Extract<ExportedEvent, { type: T }>['data'];
/** An event's data as it goes into the archive, or null: left out. */
type Policy<T extends ExportedEventType> = (data: DataOf<T>, scope: ExportScope) => Record<string, unknown> | null;

/** Where a message is last seen: a channel (its id), or a direct conversation. */
const DIRECT_CONSENTED = 0;
const DIRECT_NOT_CONSENTED = -1;

/**
 * What an export may contain, learnt from a first reading of the topics (users.events first,
 * then messages.events, then uploads.events: consents decide direct messages, messages decide
 * uploads). Public data (type 1): everything but direct messages, messages of private channels,
 * drafts, saved snippets, uploads no exported message links, and secrets. Type 2 adds, for the
 * members who consented (`allow_private_data_export`), their drafts, saved snippets and uploads,
 * the direct messages they take part in and the messages of the private channels they are or
 * were subscribed to.
 */
export class ExportScope {
  private readonly consents = new Map<number, boolean>();
  private readonly privateChannels = new Set<number>();
  /** Private channels a consenting member is or was subscribed to. */
  private readonly consentedChannels = new Set<number>();
  private readonly messagePlaces = new Map<number, number>();
  private readonly attachmentOwners = new Map<number, number>();
  private readonly linkedAttachments = new Set<number>();
  /** Uploads still there at the end: attachment id → object key. */
  private readonly liveFiles = new Map<number, string>();

  constructor(readonly exportType: ExportType) {}

  private get full(): boolean {
    return this.exportType === RealmExportType.FULL_WITH_CONSENT;
  }

  /** The first reading: every event, topic by topic in the order above. */
  observe(event: { type: string; data: unknown }): void {
    const e = event as ExportedEvent;
    switch (e.type) {
      case 'user.created.v1':
      case 'user.created.v2':
        this.consents.set(
          e.data.userId,
          (e.data.settings as { allow_private_data_export?: boolean } | undefined)?.allow_private_data_export === true,
        );
        return;
      case 'user.settings_changed.v1':
        if (e.data.property === 'allow_private_data_export') this.consents.set(e.data.userId, e.data.value === true);
        return;
      case 'channel.created.v1':
        if (e.data.inviteOnly) this.privateChannels.add(e.data.channelId);
        return;
      case 'channel.permission_changed.v1':
        // A channel is private or public as it is now: its history goes with it.
        if (e.data.inviteOnly) this.privateChannels.add(e.data.channelId);
        else this.privateChannels.delete(e.data.channelId);
        return;
      case 'channel.subscribers_added.v1':
        if (e.data.subscribers.some((s) => this.consented(s.userId))) this.consentedChannels.add(e.data.channelId);
        return;
      case 'message.sent.v1': {
        const c = e.data.conversation;
        const place =
          c.type === 'channel' ? c.channelId : c.userIds.some((id) => this.consented(id)) ? DIRECT_CONSENTED : DIRECT_NOT_CONSENTED;
        this.messagePlaces.set(e.data.messageId, place);
        return;
      }
      case 'messages.moved.v1':
        for (const id of e.data.messageIds) this.messagePlaces.set(id, e.data.to.channelId);
        return;
      case 'attachment.uploaded.v1':
        this.attachmentOwners.set(e.data.attachmentId, e.data.ownerId);
        this.liveFiles.set(e.data.attachmentId, e.data.pathId);
        return;
      case 'attachment.claimed.v1':
        if (this.exportsMessage(e.data.messageId)) this.linkedAttachments.add(e.data.attachmentId);
        return;
      case 'attachment.removed.v1':
        this.liveFiles.delete(e.data.attachmentId);
        return;
      default:
        return;
    }
  }

  /** Whether the user lets administrators export their private data (Zulip's default: no). */
  consented(userId: number): boolean {
    return this.consents.get(userId) === true;
  }

  /** A user's private data (drafts, snippets): in a type 2 export of a consenting user only. */
  exportsPrivateDataOf(userId: number): boolean {
    return this.full && this.consented(userId);
  }

  /** Decided by where the message is last seen (a message moved into a private channel is private). */
  exportsMessage(messageId: number): boolean {
    const place = this.messagePlaces.get(messageId);
    if (place === undefined || place === DIRECT_NOT_CONSENTED) return false;
    if (place === DIRECT_CONSENTED) return this.full;
    return !this.privateChannels.has(place) || (this.full && this.consentedChannels.has(place));
  }

  exportsAttachment(attachmentId: number): boolean {
    if (this.linkedAttachments.has(attachmentId)) return true;
    const owner = this.attachmentOwners.get(attachmentId);
    return owner !== undefined && this.exportsPrivateDataOf(owner);
  }

  /** The object keys of the uploads the archive carries: exported, and not removed. */
  files(): string[] {
    return [...this.liveFiles].filter(([id]) => this.exportsAttachment(id)).map(([, key]) => key);
  }

  /** The event as the archive has it (the second reading), or null when it is left out. */
  exported(event: { type: string; data: unknown }): Record<string, unknown> | null {
    const policy = POLICIES[event.type as ExportedEventType] as Policy<ExportedEventType> | undefined;
    // An event type this release does not know may carry anything: left out.
    return policy ? policy(event.data as DataOf<ExportedEventType>, this) : null;
  }

  /** The ids of `ids` the export carries. */
  keptMessages(ids: readonly number[]): number[] {
    return ids.filter((id) => this.exportsMessage(id));
  }
}

const keep =
  <T extends ExportedEventType>(): Policy<T> =>
  (data) =>
    data;
const ownedBy =
  <T extends ExportedEventType>(): Policy<T> =>
  (data, scope) =>
    scope.exportsPrivateDataOf((data as { userId: number }).userId) ? data : null;
/** A scheduled message or reminder: its sender's private data until sent. */
const scheduledBy =
  <T extends ExportedEventType>(): Policy<T> =>
  (data, scope) =>
    scope.exportsPrivateDataOf((data as { senderId: number }).senderId) ? data : null;
const ofMessage =
  <T extends ExportedEventType>(): Policy<T> =>
  (data, scope) =>
    scope.exportsMessage((data as { messageId: number }).messageId) ? data : null;
const ofAttachment =
  <T extends ExportedEventType>(): Policy<T> =>
  (data, scope) =>
    scope.exportsAttachment((data as { attachmentId: number }).attachmentId) ? data : null;
/** Without the fields named: secrets, even in derived form. */
const without =
  <T extends ExportedEventType>(...fields: string[]): Policy<T> =>
  (data) =>
    Object.fromEntries(Object.entries(data).filter(([key]) => !fields.includes(key)));

/** The ids of a message list the export carries (an empty list is kept empty). */
function withKeptIds<D extends { messageIds: number[] }>(data: D, scope: ExportScope): D {
  return { ...data, messageIds: scope.keptMessages(data.messageIds) };
}

/**
 * For every event type, what the archive keeps of it: a new event type does not compile until it
 * is decided here.
 */
const POLICIES: { [T in ExportedEventType]: Policy<T> } = {
  'realm.created.v1': keep(),
  'realm.created.v2': keep(),
  'realm.setting_changed.v1': keep(),
  'realm.user_settings_default_changed.v1': keep(),
  'user.created.v1': without('passwordHash', 'apiKeyHash', 'apiKeyNonce'),
  'user.created.v2': keep(),
  'user.deactivated.v1': keep(),
  'user.reactivated.v1': keep(),
  'user.role_changed.v1': keep(),
  'user.full_name_changed.v1': keep(),
  'user.email_changed.v1': keep(),
  'user.settings_changed.v1': keep(),
  'user.profile_data_changed.v1': keep(),
  'user_status.changed.v1': keep(),
  'presence.changed.v1': keep(),
  'custom_profile_field.created.v1': keep(),
  'custom_profile_field.updated.v1': keep(),
  'custom_profile_field.deleted.v1': keep(),
  'custom_profile_fields.reordered.v1': keep(),
  'custom_emoji.added.v1': keep(),
  'custom_emoji.deactivated.v1': keep(),
  'linkifier.added.v1': keep(),
  'linkifier.changed.v1': keep(),
  'linkifier.removed.v1': keep(),
  'linkifiers.reordered.v1': keep(),
  'playground.added.v1': keep(),
  'playground.removed.v1': keep(),
  'navigation_view.added.v1': keep(),
  'navigation_view.updated.v1': keep(),
  'navigation_view.removed.v1': keep(),
  'saved_snippet.created.v1': ownedBy(),
  'saved_snippet.edited.v1': ownedBy(),
  'saved_snippet.deleted.v1': ownedBy(),
  'invitation.created.v1': without('keyHash', 'keyNonce'),
  'invitation.resent.v1': without('keyHash', 'keyNonce'),
  'invitation.revoked.v1': keep(),
  'invitation.accepted.v1': keep(),
  'invitation.requested.v1': without('keyHash', 'keyNonce'),
  'invitation_link.created.v1': without('keyHash', 'keyNonce'),
  'invitation_link.revoked.v1': keep(),
  'user_group.created.v1': keep(),
  'user_group.updated.v1': keep(),
  'user_group.deactivated.v1': keep(),
  'user_group.members_added.v1': keep(),
  'user_group.members_removed.v1': keep(),
  'user_group.subgroups_added.v1': keep(),
  'user_group.subgroups_removed.v1': keep(),
  'channel.created.v1': keep(),
  'channel.subscribers_added.v1': keep(),
  'channel.subscribers_removed.v1': keep(),
  'subscription.property_changed.v1': keep(),
  'default_channel.added.v1': keep(),
  'default_channel.removed.v1': keep(),
  'channel.renamed.v1': keep(),
  'channel.description_changed.v1': keep(),
  'channel.permission_changed.v1': keep(),
  'channel.property_changed.v1': keep(),
  'channel.group_setting_changed.v1': keep(),
  'channel.archived.v1': keep(),
  'channel.unarchived.v1': keep(),
  'channel_folder.created.v1': keep(),
  'channel_folder.updated.v1': keep(),
  'channel_folders.reordered.v1': keep(),
  'scheduled_message.created.v1': scheduledBy(),
  'scheduled_message.edited.v1': scheduledBy(),
  'scheduled_message.failed.v1': scheduledBy(),
  'scheduled_message.deleted.v1': scheduledBy(),
  'scheduled_message.delivered.v1': scheduledBy(),
  'user_topic.visibility_policy_changed.v1': keep(),
  'message.sent.v1': ofMessage(),
  'message.content_edited.v1': ofMessage(),
  'reaction.added.v1': ofMessage(),
  'reaction.removed.v1': ofMessage(),
  'submessage.added.v1': ofMessage(),
  'messages.deleted.v1': (data, scope) => {
    const kept = withKeptIds(data, scope);
    return kept.messageIds.length > 0 ? kept : null;
  },
  'messages.moved.v1': (data, scope) => {
    const kept = withKeptIds(data, scope);
    if (kept.messageIds.length === 0) return null;
    return { ...kept, messageId: kept.messageIds.includes(data.messageId) ? data.messageId : kept.messageIds[0]! };
  },
  'unread_messages.recorded.v1': (data, scope) => withKeptIds(data, scope),
  'unread_messages.cleared.v1': keep(),
  'message_flags.updated.v1': (data, scope) => {
    const kept = withKeptIds(data, scope);
    if (kept.messageIds.length === 0) return null;
    const details = data.details && Object.fromEntries(Object.entries(data.details).filter(([id]) => scope.exportsMessage(Number(id))));
    return { ...kept, ...(details ? { details } : {}) };
  },
  'message_flags.updated.v2': (data, scope) => {
    const kept = withKeptIds(data, scope);
    if (kept.messageIds.length === 0) return null;
    const places = data.places
      ?.map((p) => ({
        ...p,
        messageIds: scope.keptMessages(p.messageIds),
        ...(p.mentionedIds ? { mentionedIds: scope.keptMessages(p.mentionedIds) } : {}),
      }))
      .filter((p) => p.messageIds.length > 0);
    return { ...kept, ...(places ? { places } : {}) };
  },
  'user.muted.v1': keep(),
  'user.unmuted.v1': keep(),
  'alert_words.changed.v1': keep(),
  'draft.created.v1': ownedBy(),
  'draft.edited.v1': ownedBy(),
  'draft.deleted.v1': ownedBy(),
  'drafts.cleared.v1': ownedBy(),
  'attachment.uploaded.v1': ofAttachment(),
  'attachment.claimed.v1': (data, scope) =>
    scope.exportsAttachment(data.attachmentId) && scope.exportsMessage(data.messageId) ? data : null,
  'attachment.unclaimed.v1': (data, scope) =>
    scope.exportsAttachment(data.attachmentId) && scope.exportsMessage(data.messageId) ? data : null,
  'attachment.removed.v1': ofAttachment(),
  'realm_export.requested.v1': keep(),
  'realm_export.succeeded.v1': keep(),
  'realm_export.failed.v1': keep(),
  'realm_export.deleted.v1': keep(),
};

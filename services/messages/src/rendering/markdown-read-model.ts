import { eventsTopic, UsersEvent, type EventEnvelope } from '@zulip-es/contracts';
import type { ReadModel } from '@zulip-es/platform';
import { customEmojiKeys, CUSTOM_EMOJI_URL_PREFIX, type CustomEmojiById } from '@zulip-es/zulip-emoji';
import type { MentionableGroup, MentionableUser } from '@zulip-es/zulip-markdown';
import { REALM_CREATED_V1_SETTINGS } from '@zulip-es/zulip-rules';

/** What mentions of a system group show (Zulip's `GROUP_DISPLAY_NAME_MAP`). */
const SYSTEM_GROUP_NAMES: Readonly<Record<string, string>> = {
  'role:internet': 'Everyone on the internet',
  'role:everyone': 'Everyone including guests',
  'role:members': 'Everyone except guests',
  'role:fullmembers': 'Full members',
  'role:moderators': 'Moderators',
  'role:administrators': 'Administrators',
  'role:owners': 'Owners',
  'role:nobody': 'Nobody',
};

interface NamedGroup {
  name: string;
  isSystemGroup: boolean;
  deactivated: boolean;
}

/**
 * What rendering a message needs to know of the users domain, kept from `users.events`: users
 * and groups by name (mentions), the linkifiers in their order, the custom emoji (by name for
 * rendering, by id for reactions), and each user's `translate_emoticons`.
 */
export class MarkdownReadModel implements ReadModel {
  readonly name = 'markdown';
  readonly topics = [eventsTopic('users')];
  readonly eventTypes: ReadonlySet<string> = new Set([
    'realm.created.v1',
    'realm.created.v2',
    'realm.setting_changed.v1',
    'user.created.v1',
    'user.created.v2',
    'user.full_name_changed.v1',
    'user.deactivated.v1',
    'user.reactivated.v1',
    'user.settings_changed.v1',
    'user_group.created.v1',
    'user_group.updated.v1',
    'user_group.deactivated.v1',
    'linkifier.added.v1',
    'linkifier.changed.v1',
    'linkifier.removed.v1',
    'linkifiers.reordered.v1',
    'custom_emoji.added.v1',
    'custom_emoji.deactivated.v1',
  ]);
  private readonly users = new Map<number, MentionableUser>();
  /** Lower-case full name → user ids (several users may share a name). */
  private readonly byName = new Map<string, number[]>();
  private readonly groups = new Map<number, NamedGroup>();
  private readonly groupByLowerName = new Map<string, number>();
  private readonly emoticons = new Set<number>();
  private readonly emojiById = new Map<number, { name: string; fileName: string; active: boolean }>();
  private realmId = 0;
  private activeEmoji: Map<string, string> | undefined;
  private emojiByCode: CustomEmojiById | undefined;
  /** The organization's URL as clients reach it, without a trailing slash: links to it are rendered relative. */
  realmUrl = '';
  /** The organization's `inline_image_preview`, on unless an administrator turns it off. */
  imagePreviews = true;
  linkifiers: { id: number; pattern: string; urlTemplate: string }[] = [];

  userByName(name: string): MentionableUser | undefined {
    const ids = this.byName.get(name.toLowerCase()) ?? [];
    return ids.length > 0 ? this.users.get(ids.at(-1)!) : undefined;
  }

  userById(id: number): MentionableUser | undefined {
    return this.users.get(id);
  }

  groupByName(name: string): MentionableGroup | undefined {
    const id = this.groupByLowerName.get(name.toLowerCase());
    const group = id === undefined ? undefined : this.groups.get(id);
    if (id === undefined || !group) return undefined;
    return {
      id,
      displayName: group.isSystemGroup ? (SYSTEM_GROUP_NAMES[group.name] ?? group.name) : group.name,
      deactivated: group.deactivated,
    };
  }

  translatesEmoticons(userId: number): boolean {
    return this.emoticons.has(userId);
  }

  /** Active custom emoji: name → image URL (made once per change: every message rendered reads it). */
  customEmoji(): ReadonlyMap<string, string> {
    this.activeEmoji ??= new Map(
      [...this.emojiById.values()]
        .filter((e) => e.active)
        .map((e) => [e.name, `${CUSTOM_EMOJI_URL_PREFIX}${customEmojiKeys(this.realmId, e.fileName).image}`]),
    );
    return this.activeEmoji;
  }

  /** Every custom emoji by id, deactivated ones too: what a reaction is checked against (it may join one). */
  customEmojiById(): CustomEmojiById {
    this.emojiByCode ??= new Map(
      [...this.emojiById].map(([id, e]) => [String(id), { id: String(id), name: e.name, deactivated: !e.active }]),
    );
    return this.emojiByCode;
  }

  apply(envelope: EventEnvelope): void {
    const parsed = UsersEvent.safeParse({ type: envelope.type, data: envelope.data });
    if (parsed.success) this.applyEvent(parsed.data);
  }

  private applyEvent(event: UsersEvent): void {
    switch (event.type) {
      case 'realm.created.v1':
      case 'realm.created.v2':
        this.realmId = event.data.realmId;
        this.realmUrl = event.data.url.replace(/\/+$/u, '');
        this.imagePreviews = (event.type === 'realm.created.v2' ? event.data.settings : REALM_CREATED_V1_SETTINGS).inline_image_preview;
        return;
      case 'realm.setting_changed.v1':
        if (event.data.property === 'inline_image_preview') this.imagePreviews = event.data.value === true;
        return;
      case 'user.created.v1':
      case 'user.created.v2':
        this.setUser({ id: event.data.userId, fullName: event.data.fullName, isActive: true });
        if (event.data.settings?.translate_emoticons) this.emoticons.add(event.data.userId);
        return;
      case 'user.full_name_changed.v1':
        return this.changeUser(event.data.userId, { fullName: event.data.fullName });
      case 'user.deactivated.v1':
        return this.changeUser(event.data.userId, { isActive: false });
      case 'user.reactivated.v1':
        return this.changeUser(event.data.userId, { isActive: true });
      case 'user.settings_changed.v1':
        if (event.data.property !== 'translate_emoticons') return;
        if (event.data.value === true) this.emoticons.add(event.data.userId);
        else this.emoticons.delete(event.data.userId);
        return;
      case 'user_group.created.v1':
        return this.setGroup(event.data.groupId, { name: event.data.name, isSystemGroup: event.data.isSystemGroup, deactivated: false });
      case 'user_group.updated.v1': {
        const group = this.groups.get(event.data.groupId);
        if (!group) return;
        return this.setGroup(event.data.groupId, {
          ...group,
          ...(event.data.name !== undefined ? { name: event.data.name } : {}),
          ...(event.data.deactivated !== undefined ? { deactivated: event.data.deactivated } : {}),
        });
      }
      case 'user_group.deactivated.v1': {
        const group = this.groups.get(event.data.groupId);
        if (group) this.setGroup(event.data.groupId, { ...group, deactivated: true });
        return;
      }
      case 'linkifier.added.v1':
        this.linkifiers = [
          ...this.linkifiers,
          { id: event.data.linkifierId, pattern: event.data.pattern, urlTemplate: event.data.urlTemplate },
        ];
        return;
      case 'linkifier.changed.v1':
        this.linkifiers = this.linkifiers.map((l) =>
          l.id === event.data.linkifierId ? { ...l, pattern: event.data.pattern, urlTemplate: event.data.urlTemplate } : l,
        );
        return;
      case 'linkifier.removed.v1':
        this.linkifiers = this.linkifiers.filter((l) => l.id !== event.data.linkifierId);
        return;
      case 'linkifiers.reordered.v1': {
        const byId = new Map(this.linkifiers.map((l) => [l.id, l]));
        this.linkifiers = event.data.orderedLinkifierIds.flatMap((id) => byId.get(id) ?? []);
        return;
      }
      case 'custom_emoji.added.v1':
        this.emojiById.set(event.data.emojiId, { name: event.data.name, fileName: event.data.fileName, active: true });
        return this.emojiChanged();
      case 'custom_emoji.deactivated.v1': {
        const emoji = this.emojiById.get(event.data.emojiId);
        if (emoji) this.emojiById.set(event.data.emojiId, { ...emoji, active: false });
        return this.emojiChanged();
      }
      default:
        return;
    }
  }

  private emojiChanged(): void {
    this.activeEmoji = undefined;
    this.emojiByCode = undefined;
  }

  private setUser(user: MentionableUser): void {
    const previous = this.users.get(user.id);
    if (previous) this.unindexUser(previous);
    this.users.set(user.id, user);
    const key = user.fullName.toLowerCase();
    this.byName.set(key, [...(this.byName.get(key) ?? []), user.id]);
  }

  private unindexUser(user: MentionableUser): void {
    const key = user.fullName.toLowerCase();
    const rest = (this.byName.get(key) ?? []).filter((id) => id !== user.id);
    if (rest.length > 0) this.byName.set(key, rest);
    else this.byName.delete(key);
  }

  private changeUser(userId: number, change: Partial<MentionableUser>): void {
    const user = this.users.get(userId);
    if (user) this.setUser({ ...user, ...change });
  }

  private setGroup(groupId: number, group: NamedGroup): void {
    const previous = this.groups.get(groupId);
    if (previous && this.groupByLowerName.get(previous.name.toLowerCase()) === groupId)
      this.groupByLowerName.delete(previous.name.toLowerCase());
    this.groups.set(groupId, group);
    this.groupByLowerName.set(group.name.toLowerCase(), groupId);
  }
}

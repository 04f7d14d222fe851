import { documentsOf, type DocumentCollection, type ProjectionDb } from '@zulip-es/platform';
import { REALM_AGGREGATE, type RealmState } from '../domain/realm.state';
import { userAggregateId, type UserState } from '../domain/user.state';
import { LINKIFIERS_AGGREGATE, type LinkifiersState } from '../linkifiers/linkifiers.state';
import { CUSTOM_EMOJI_AGGREGATE, noCustomEmoji, type CustomEmojiState } from '../custom-emoji/custom-emoji.state';
import { navigationViewsAggregateId, type NavigationViewsState } from '../navigation-views/navigation-views.state';
import { PLAYGROUNDS_AGGREGATE, type PlaygroundsState } from '../playgrounds/playgrounds.state';
import { savedSnippetsAggregateId, type SavedSnippetsState } from '../saved-snippets/saved-snippets.state';
import { NO_PROFILE_FIELDS, PROFILE_FIELDS_AGGREGATE, type ProfileFieldsState } from '../profile-fields/profile-fields.state';
import { userGroupAggregateId, type UserGroupState } from '../user-groups/user-group.state';
import type { PresenceStore } from '../presence/presence-store';
import { presenceAggregateId, type PresenceTransitionState } from '../presence/presence-transition.state';
import { userStatusAggregateId, type UserStatusState } from '../user-status/user-status.state';
import { invitationAggregateId, type InvitationState } from '../invites/invitation.state';
import { invitationLinkAggregateId, type InvitationLinkState } from '../invites/invitation-link.state';
import type { InviteSend } from '../invites/invite-quota';
import type { UserDirectory } from './user-directory';
import {
  COUNTERS,
  CUSTOM_EMOJI,
  INVITATIONS,
  INVITATION_EMAILS,
  INVITATION_KEYS,
  INVITATION_LINKS,
  INVITATION_LINK_KEYS,
  INVITE_QUOTAS,
  LINKIFIERS,
  NAVIGATION_VIEWS,
  PLAYGROUNDS,
  PRESENCE_TRANSITIONS,
  PROFILE_FIELDS,
  REALMS,
  SAVED_SNIPPETS,
  USERS,
  USER_EMAILS,
  USER_GROUPS,
  USER_STATUSES,
  type Doc,
} from './users.schemas';

/**
 * The users service's projection in Mongo (see users.schemas.ts). Every lookup and write is by
 * `_id` (the local store pushes only those down to its SQL backend): users by `user:<id>`, emails
 * by their lower-case form, the organization by `realm`.
 */
export class UsersRepository {
  readonly realms: DocumentCollection<Doc<RealmState>>;
  readonly users: DocumentCollection<Doc<UserState>>;
  readonly emails: DocumentCollection<{ _id: string; userId: number }>;
  readonly profileFields: DocumentCollection<Doc<ProfileFieldsState>>;
  readonly userGroups: DocumentCollection<Doc<UserGroupState>>;
  readonly counters: DocumentCollection<{ _id: string; value: number }>;
  readonly invitations: DocumentCollection<Doc<InvitationState>>;
  /** SHA-256 of an invitation key → the invitation. */
  readonly invitationKeys: DocumentCollection<{ _id: string; inviteId: number }>;
  /** Lower-case email → every invitation ever sent to it. */
  readonly invitationEmails: DocumentCollection<{ _id: string; inviteIds: number[] }>;
  readonly inviteQuotas: DocumentCollection<{ _id: string; sent: InviteSend[] }>;
  readonly invitationLinks: DocumentCollection<Doc<InvitationLinkState>>;
  /** SHA-256 of a reusable link's key → the link. */
  readonly invitationLinkKeys: DocumentCollection<{ _id: string; linkId: number }>;
  /** One document per user, `navigation_views:<userId>`. */
  readonly navigationViews: DocumentCollection<Doc<NavigationViewsState>>;
  /** One document, `linkifiers`: the organization's ordered list. */
  readonly linkifiers: DocumentCollection<Doc<LinkifiersState>>;
  /** One document per user, `saved_snippets:<userId>`. */
  readonly savedSnippets: DocumentCollection<Doc<SavedSnippetsState>>;
  /** One document, `custom_emoji`: every custom emoji of the organization. */
  readonly customEmoji: DocumentCollection<Doc<CustomEmojiState>>;
  /** One document, `playgrounds`: the organization's code playgrounds. */
  readonly playgrounds: DocumentCollection<Doc<PlaygroundsState>>;
  readonly userStatuses: DocumentCollection<Doc<UserStatusState>>;
  readonly presenceTransitions: DocumentCollection<Doc<PresenceTransitionState>>;

  /**
   * `db`: the service's database, or the documents a rebuild hands its projection.
   * `presenceStore`: the latest pings in Redis, which the presence projector also writes; absent
   * where only the Mongo projection is rebuilt (tests). `userDirectory`: every user in memory,
   * which the user projector also writes and `allUsers` reads; absent there too.
   */
  constructor(
    db: ProjectionDb,
    readonly presenceStore?: PresenceStore,
    readonly userDirectory?: UserDirectory,
  ) {
    const documents = documentsOf(db);
    this.realms = documents.of(REALMS);
    this.users = documents.of(USERS);
    this.emails = documents.of(USER_EMAILS);
    this.profileFields = documents.of(PROFILE_FIELDS);
    this.userGroups = documents.of(USER_GROUPS);
    this.counters = documents.of(COUNTERS);
    this.invitations = documents.of(INVITATIONS);
    this.invitationKeys = documents.of(INVITATION_KEYS);
    this.invitationEmails = documents.of(INVITATION_EMAILS);
    this.inviteQuotas = documents.of(INVITE_QUOTAS);
    this.invitationLinks = documents.of(INVITATION_LINKS);
    this.invitationLinkKeys = documents.of(INVITATION_LINK_KEYS);
    this.navigationViews = documents.of(NAVIGATION_VIEWS);
    this.linkifiers = documents.of(LINKIFIERS);
    this.savedSnippets = documents.of(SAVED_SNIPPETS);
    this.customEmoji = documents.of(CUSTOM_EMOJI);
    this.playgrounds = documents.of(PLAYGROUNDS);
    this.userStatuses = documents.of(USER_STATUSES);
    this.presenceTransitions = documents.of(PRESENCE_TRANSITIONS);
  }

  async navigationViewsOf(userId: number): Promise<NavigationViewsState | null> {
    return strip(await this.navigationViews.findOne({ _id: navigationViewsAggregateId(userId) }));
  }

  async savedSnippetsOf(userId: number): Promise<SavedSnippetsState | null> {
    return strip(await this.savedSnippets.findOne({ _id: savedSnippetsAggregateId(userId) }));
  }

  async customEmojiList(): Promise<CustomEmojiState> {
    return strip(await this.customEmoji.findOne({ _id: CUSTOM_EMOJI_AGGREGATE })) ?? noCustomEmoji();
  }

  async linkifierList(): Promise<LinkifiersState | null> {
    return strip(await this.linkifiers.findOne({ _id: LINKIFIERS_AGGREGATE }));
  }

  async playgroundList(): Promise<PlaygroundsState | null> {
    return strip(await this.playgrounds.findOne({ _id: PLAYGROUNDS_AGGREGATE }));
  }

  async realm(): Promise<RealmState | null> {
    return strip(await this.realms.findOne({ _id: REALM_AGGREGATE }));
  }

  async user(userId: number): Promise<UserState | null> {
    return strip(await this.users.findOne({ _id: userAggregateId(userId) }));
  }

  /**
   * For queries: the organization and a user as this process last knew them (the in-memory
   * directory, which the projector updates before answering and the directory's feed for other
   * instances' writes; the store where there is no directory). Queries wait for the caller's own
   * writes to reach the feed; decisions read the store, which their partition's catch-up made
   * current.
   */
  async knownRealm(): Promise<RealmState | null> {
    return this.userDirectory ? this.userDirectory.realm() : this.realm();
  }

  async knownUser(userId: number): Promise<UserState | null> {
    return this.userDirectory ? (this.userDirectory.get(userId) ?? null) : this.user(userId);
  }

  async userByEmail(email: string): Promise<UserState | null> {
    const entry = await this.emails.findOne({ _id: normalizeEmail(email) });
    return entry ? this.user(entry.userId) : null;
  }

  /** Every user by id: from the in-memory directory where there is one, else a scan of the collection. */
  async allUsers(): Promise<UserState[]> {
    if (this.userDirectory) return this.userDirectory.all();
    const docs = await this.users.find({});
    return docs.map((d) => strip(d)!).sort((a, b) => a.userId - b.userId);
  }

  async userStatus(userId: number): Promise<UserStatusState | null> {
    return strip(await this.userStatuses.findOne({ _id: userStatusAggregateId(userId) }));
  }

  async allUserStatuses(): Promise<UserStatusState[]> {
    return (await this.userStatuses.find({})).map((d) => strip(d)!);
  }

  async presenceTransition(userId: number): Promise<PresenceTransitionState | null> {
    return strip(await this.presenceTransitions.findOne({ _id: presenceAggregateId(userId) }));
  }

  async activeOwnerCount(): Promise<number> {
    return (await this.allUsers()).filter((u) => u.isActive && u.role === 100).length;
  }

  /** The organization's custom profile fields (none before the first is created). */
  async profileFieldsState(): Promise<ProfileFieldsState> {
    return strip(await this.profileFields.findOne({ _id: PROFILE_FIELDS_AGGREGATE })) ?? NO_PROFILE_FIELDS;
  }

  async userGroup(groupId: number): Promise<UserGroupState | null> {
    return strip(await this.userGroups.findOne({ _id: userGroupAggregateId(groupId) }));
  }

  /** Every user group, deactivated ones included, by id (organizations have few groups). */
  async allUserGroups(): Promise<UserGroupState[]> {
    const docs = await this.userGroups.find({});
    return docs.map((d) => strip(d)!).sort((a, b) => a.groupId - b.groupId);
  }

  /** The highest group id ever assigned (0 before the first). */
  lastGroupId(): Promise<number> {
    return this.lastId('group_id');
  }

  async invitation(inviteId: number): Promise<InvitationState | null> {
    return strip(await this.invitations.findOne({ _id: invitationAggregateId(inviteId) }));
  }

  async invitationByKeyHash(keyHash: string): Promise<InvitationState | null> {
    const entry = await this.invitationKeys.findOne({ _id: keyHash });
    return entry ? this.invitation(entry.inviteId) : null;
  }

  async invitationsForEmail(email: string): Promise<InvitationState[]> {
    const entry = await this.invitationEmails.findOne({ _id: normalizeEmail(email) });
    const found = await Promise.all((entry?.inviteIds ?? []).map((id) => this.invitation(id)));
    return found.filter((i): i is InvitationState => i !== null);
  }

  /** Every invitation (queries only: the local store scans the collection). */
  async allInvitations(): Promise<InvitationState[]> {
    const docs = await this.invitations.find({});
    return docs.map((d) => strip(d)!).sort((a, b) => a.inviteId - b.inviteId);
  }

  /**
   * The pending invitations a user sent. A filter the local store runs by scanning the
   * collection: only deactivating a user, which is rare, asks for it.
   */
  async pendingInvitationsFrom(userId: number): Promise<InvitationState[]> {
    const docs = await this.invitations.find({ invitedByUserId: userId, status: 'pending' });
    return docs.map((d) => strip(d)!).sort((a, b) => a.inviteId - b.inviteId);
  }

  /** The highest invitation id ever assigned (0 before the first). */
  lastInviteId(): Promise<number> {
    return this.lastId('invite_id');
  }

  async invitationLink(linkId: number): Promise<InvitationLinkState | null> {
    return strip(await this.invitationLinks.findOne({ _id: invitationLinkAggregateId(linkId) }));
  }

  async invitationLinkByKeyHash(keyHash: string): Promise<InvitationLinkState | null> {
    const entry = await this.invitationLinkKeys.findOne({ _id: keyHash });
    return entry ? this.invitationLink(entry.linkId) : null;
  }

  /** Every reusable link (queries only: the local store scans the collection). */
  async allInvitationLinks(): Promise<InvitationLinkState[]> {
    const docs = await this.invitationLinks.find({});
    return docs.map((d) => strip(d)!).sort((a, b) => a.linkId - b.linkId);
  }

  /** The unrevoked links a user created: a scan, as for `pendingInvitationsFrom`, asked for only when deactivating a user. */
  async unrevokedLinksFrom(userId: number): Promise<InvitationLinkState[]> {
    const docs = await this.invitationLinks.find({ invitedByUserId: userId, revoked: false });
    return docs.map((d) => strip(d)!).sort((a, b) => a.linkId - b.linkId);
  }

  /** The highest link id ever assigned (0 before the first). */
  lastInviteLinkId(): Promise<number> {
    return this.lastId('invite_link_id');
  }

  /** The highest user id ever assigned (0 before the first). */
  lastUserId(): Promise<number> {
    return this.lastId('user_id');
  }

  /**
   * Records that `id` was assigned, keeping the highest: ids are decided from this counter and
   * a replay (which may meet an id again) never lowers it.
   */
  async raiseLastId(counter: IdCounter, id: number): Promise<void> {
    if ((await this.lastId(counter)) < id) await this.counters.replaceOne({ _id: counter }, { value: id }, { upsert: true });
  }

  private async lastId(counter: IdCounter): Promise<number> {
    return (await this.counters.findOne({ _id: counter }))?.value ?? 0;
  }
}

type IdCounter = 'user_id' | 'group_id' | 'invite_id' | 'invite_link_id';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

function strip<T extends { _id: string }>(doc: T | null): Omit<T, '_id'> | null {
  if (!doc) return null;
  const { _id, ...rest } = doc;
  void _id;
  return rest;
}

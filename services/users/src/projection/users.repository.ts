import type { Connection } from 'mongoose';
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

type Doc<T> = T & { _id: string };

/**
 * The users service's projection in Mongo. Every lookup and write is by `_id` (the local store
 * pushes only those down to its SQL backend): users by `user:<id>`, emails by their lower-case
 * form, the organization by `realm`.
 */
export class UsersRepository {
  /**
   * `presenceStore`: the latest pings in Redis, which the presence projector also writes; absent
   * where only the Mongo projection is rebuilt (tests). `userDirectory`: every user in memory,
   * which the user projector also writes and `allUsers` reads; absent there too.
   */
  constructor(
    private readonly db: Connection,
    readonly presenceStore?: PresenceStore,
    readonly userDirectory?: UserDirectory,
  ) {}

  get realms() {
    return this.db.collection<Doc<RealmState>>('realms');
  }
  get users() {
    return this.db.collection<Doc<UserState>>('users');
  }
  get emails() {
    return this.db.collection<{ _id: string; userId: number }>('user_emails');
  }
  get profileFields() {
    return this.db.collection<Doc<ProfileFieldsState>>('custom_profile_fields');
  }

  get userGroups() {
    return this.db.collection<Doc<UserGroupState>>('user_groups');
  }
  get counters() {
    return this.db.collection<{ _id: string; value: number }>('counters');
  }
  get invitations() {
    return this.db.collection<Doc<InvitationState>>('invitations');
  }
  /** SHA-256 of an invitation key → the invitation. */
  get invitationKeys() {
    return this.db.collection<{ _id: string; inviteId: number }>('invitation_keys');
  }
  /** Lower-case email → every invitation ever sent to it. */
  get invitationEmails() {
    return this.db.collection<{ _id: string; inviteIds: number[] }>('invitation_emails');
  }
  get inviteQuotas() {
    return this.db.collection<{ _id: string; sent: InviteSend[] }>('invite_quotas');
  }
  get invitationLinks() {
    return this.db.collection<Doc<InvitationLinkState>>('invitation_links');
  }
  /** SHA-256 of a reusable link's key → the link. */
  get invitationLinkKeys() {
    return this.db.collection<{ _id: string; linkId: number }>('invitation_link_keys');
  }

  /** One document per user, `navigation_views:<userId>`. */
  get navigationViews() {
    return this.db.collection<Doc<NavigationViewsState>>('navigation_views');
  }

  /** One document, `linkifiers`: the organization's ordered list. */
  get linkifiers() {
    return this.db.collection<Doc<LinkifiersState>>('linkifiers');
  }

  async navigationViewsOf(userId: number): Promise<NavigationViewsState | null> {
    return strip(await this.navigationViews.findOne({ _id: navigationViewsAggregateId(userId) }));
  }

  /** One document per user, `saved_snippets:<userId>`. */
  get savedSnippets() {
    return this.db.collection<Doc<SavedSnippetsState>>('saved_snippets');
  }

  async savedSnippetsOf(userId: number): Promise<SavedSnippetsState | null> {
    return strip(await this.savedSnippets.findOne({ _id: savedSnippetsAggregateId(userId) }));
  }

  /** One document, `custom_emoji`: every custom emoji of the organization. */
  get customEmoji() {
    return this.db.collection<Doc<CustomEmojiState>>('custom_emoji');
  }

  async customEmojiList(): Promise<CustomEmojiState> {
    return strip(await this.customEmoji.findOne({ _id: CUSTOM_EMOJI_AGGREGATE })) ?? noCustomEmoji();
  }

  async linkifierList(): Promise<LinkifiersState | null> {
    return strip(await this.linkifiers.findOne({ _id: LINKIFIERS_AGGREGATE }));
  }

  /** One document, `playgrounds`: the organization's code playgrounds. */
  get playgrounds() {
    return this.db.collection<Doc<PlaygroundsState>>('playgrounds');
  }

  async playgroundList(): Promise<PlaygroundsState | null> {
    return strip(await this.playgrounds.findOne({ _id: PLAYGROUNDS_AGGREGATE }));
  }

  get userStatuses() {
    return this.db.collection<Doc<UserStatusState>>('user_statuses');
  }
  get presenceTransitions() {
    return this.db.collection<Doc<PresenceTransitionState>>('presence_transitions');
  }

  async realm(): Promise<RealmState | null> {
    return strip(await this.realms.findOne({ _id: REALM_AGGREGATE }));
  }

  async user(userId: number): Promise<UserState | null> {
    return strip(await this.users.findOne({ _id: userAggregateId(userId) }));
  }

  async userByEmail(email: string): Promise<UserState | null> {
    const entry = await this.emails.findOne({ _id: normalizeEmail(email) });
    return entry ? this.user(entry.userId) : null;
  }

  /** Every user by id: from the in-memory directory where there is one, else a scan of the collection. */
  async allUsers(): Promise<UserState[]> {
    if (this.userDirectory) return this.userDirectory.all();
    const docs = await this.users.find({}).toArray();
    return docs.map((d) => strip(d)!).sort((a, b) => a.userId - b.userId);
  }

  async userStatus(userId: number): Promise<UserStatusState | null> {
    return strip(await this.userStatuses.findOne({ _id: userStatusAggregateId(userId) }));
  }

  async allUserStatuses(): Promise<UserStatusState[]> {
    return (await this.userStatuses.find({}).toArray()).map((d) => strip(d)!);
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
    const docs = await this.userGroups.find({}).toArray();
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
    const docs = await this.invitations.find({}).toArray();
    return docs.map((d) => strip(d)!).sort((a, b) => a.inviteId - b.inviteId);
  }

  /**
   * The pending invitations a user sent. A filter the local store runs by scanning the
   * collection: only deactivating a user, which is rare, asks for it.
   */
  async pendingInvitationsFrom(userId: number): Promise<InvitationState[]> {
    const docs = await this.invitations.find({ invitedByUserId: userId, status: 'pending' }).toArray();
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
    const docs = await this.invitationLinks.find({}).toArray();
    return docs.map((d) => strip(d)!).sort((a, b) => a.linkId - b.linkId);
  }

  /** The unrevoked links a user created: a scan, as for `pendingInvitationsFrom`, asked for only when deactivating a user. */
  async unrevokedLinksFrom(userId: number): Promise<InvitationLinkState[]> {
    const docs = await this.invitationLinks.find({ invitedByUserId: userId, revoked: false }).toArray();
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

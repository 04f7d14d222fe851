import type { Connection } from 'mongoose';
import { REALM_AGGREGATE, type RealmState } from '../domain/realm.state';
import { userAggregateId, type UserState } from '../domain/user.state';
import { invitationAggregateId, type InvitationState } from '../invites/invitation.state';
import type { InviteSend } from '../invites/invite-quota';

type Doc<T> = T & { _id: string };

/**
 * The users service's projection in Mongo. Every lookup and write is by `_id` (the local store
 * pushes only those down to its SQL backend): users by `user:<id>`, emails by their lower-case
 * form, the organization by `realm`.
 */
export class UsersRepository {
  constructor(private readonly db: Connection) {}

  get realms() {
    return this.db.collection<Doc<RealmState>>('realms');
  }
  get users() {
    return this.db.collection<Doc<UserState>>('users');
  }
  get emails() {
    return this.db.collection<{ _id: string; userId: number }>('user_emails');
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

  async allUsers(): Promise<UserState[]> {
    const docs = await this.users.find({}).toArray();
    return docs.map((d) => strip(d)!).sort((a, b) => a.userId - b.userId);
  }

  async activeOwnerCount(): Promise<number> {
    return (await this.allUsers()).filter((u) => u.isActive && u.role === 100).length;
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

  /** The highest invitation id ever assigned (0 before the first). */
  async lastInviteId(): Promise<number> {
    return (await this.counters.findOne({ _id: 'invite_id' }))?.value ?? 0;
  }

  /** The highest user id ever assigned (0 before the first). */
  async lastUserId(): Promise<number> {
    return (await this.counters.findOne({ _id: 'user_id' }))?.value ?? 0;
  }
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

function strip<T extends { _id: string }>(doc: T | null): Omit<T, '_id'> | null {
  if (!doc) return null;
  const { _id, ...rest } = doc;
  void _id;
  return rest;
}

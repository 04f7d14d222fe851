import { Role } from '@zulip-es/contracts';
import { realmStateSettings, type RealmState } from '../domain/realm.state';
import { NEW_REALM_SETTINGS } from '../bootstrap-realm/new-realm-settings';
import type { UserState } from '../domain/user.state';
import type { InvitationState } from '../invites/invitation.state';
import type { InvitationLinkState } from '../invites/invitation-link.state';

/** A new organization's settings as this service keeps them. */
export const DEFAULT_REALM_SETTINGS = realmStateSettings(NEW_REALM_SETTINGS);
export const DEFAULT_REALM_GROUP_SETTINGS = DEFAULT_REALM_SETTINGS.groups;

export const aRealm = (overrides: Partial<RealmState> = {}): RealmState => ({
  realmId: 1,
  name: 'Test org',
  host: 'chat.example.com',
  url: 'https://chat.example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  settings: { ...DEFAULT_REALM_SETTINGS },
  version: 1,
  ...overrides,
});

export const aUser = (overrides: Partial<UserState> = {}): UserState => ({
  userId: 2,
  realmId: 1,
  deliveryEmail: 'person@example.com',
  fullName: 'Person',
  role: Role.MEMBER,
  isBot: false,
  isActive: true,
  timezone: '',
  emailAddressVisibility: 1,
  dateJoined: '2026-01-01T10:20:30.000Z',
  avatarVersion: 1,
  passwordHash: null,
  apiKeyHash: 'a'.repeat(64),
  apiKeyNonce: 'nonce-0123456789abcdef',
  version: 1,
  ...overrides,
});

export const anInvitation = (overrides: Partial<InvitationState> = {}): InvitationState => ({
  inviteId: 9,
  invitedByUserId: 2,
  linkId: null,
  email: 'invitee@example.com',
  invitedAs: Role.MEMBER,
  invitedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-11T00:00:00.000Z',
  streamIds: [],
  groupIds: [],
  includeRealmDefaultSubscriptions: false,
  notifyReferrerOnJoin: true,
  welcomeMessageCustomText: null,
  keyHash: 'c'.repeat(64),
  keyNonce: 'invite-nonce-0123456789',
  status: 'pending',
  acceptedUserId: null,
  version: 1,
  ...overrides,
});

export const anInvitationLink = (overrides: Partial<InvitationLinkState> = {}): InvitationLinkState => ({
  linkId: 4,
  invitedByUserId: 2,
  invitedAs: Role.MEMBER,
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-11T00:00:00.000Z',
  streamIds: [],
  groupIds: [],
  includeRealmDefaultSubscriptions: false,
  welcomeMessageCustomText: null,
  keyHash: 'e'.repeat(64),
  keyNonce: 'link-nonce-0123456789',
  revoked: false,
  version: 1,
  ...overrides,
});

import { documentSchema } from '@zulip-es/platform';
import type { RealmState } from '../domain/realm.state';
import type { UserState } from '../domain/user.state';
import type { LinkifiersState } from '../linkifiers/linkifiers.state';
import type { CustomEmojiState } from '../custom-emoji/custom-emoji.state';
import type { NavigationViewsState } from '../navigation-views/navigation-views.state';
import type { PlaygroundsState } from '../playgrounds/playgrounds.state';
import type { SavedSnippetsState } from '../saved-snippets/saved-snippets.state';
import type { ProfileFieldsState } from '../profile-fields/profile-fields.state';
import type { UserGroupState } from '../user-groups/user-group.state';
import type { PresenceTransitionState } from '../presence/presence-transition.state';
import type { UserStatusState } from '../user-status/user-status.state';
import type { InvitationState } from '../invites/invitation.state';
import type { InvitationLinkState } from '../invites/invitation-link.state';
import type { InviteSend } from '../invites/invite-quota';

/**
 * The documents of the users projection, one schema per collection. Lookups are by `_id`, but
 * for the invitations and reusable links a user sent, asked for when deactivating them.
 */
export type Doc<T> = T & { _id: string };

export const REALMS = documentSchema<Doc<RealmState>>('realms', {
  realmId: 'Number',
  name: 'String',
  host: 'String',
  url: 'String',
  createdAt: 'String',
  settings: 'Mixed',
  userSettingsDefaults: 'Mixed',
  version: 'Number',
});
export const USERS = documentSchema<Doc<UserState>>('users', {
  userId: 'Number',
  realmId: 'Number',
  deliveryEmail: 'String',
  fullName: 'String',
  role: 'Number',
  isBot: 'Boolean',
  isActive: 'Boolean',
  timezone: 'String',
  emailAddressVisibility: 'Number',
  dateJoined: 'String',
  avatarVersion: 'Number',
  passwordHash: 'String',
  apiKeyHash: 'String',
  apiKeyNonce: 'String',
  settings: 'Mixed',
  profileData: 'Mixed',
  version: 'Number',
});
/** Lower-case email → the user. */
export const USER_EMAILS = documentSchema<{ _id: string; userId: number }>('user_emails', { userId: 'Number' });
export const PROFILE_FIELDS = documentSchema<Doc<ProfileFieldsState>>('custom_profile_fields', {
  fields: 'Mixed',
  lastFieldId: 'Number',
  version: 'Number',
});
export const USER_GROUPS = documentSchema<Doc<UserGroupState>>('user_groups', {
  groupId: 'Number',
  name: 'String',
  description: 'String',
  isSystemGroup: 'Boolean',
  creatorId: 'Number',
  dateCreated: 'String',
  memberIds: ['Number'],
  subgroupIds: ['Number'],
  settings: 'Mixed',
  deactivated: 'Boolean',
  version: 'Number',
});
export const COUNTERS = documentSchema<{ _id: string; value: number }>('counters', { value: 'Number' });
/** `pendingInvitationsFrom` finds a user's pending invitations by who sent them. */
export const INVITATIONS = documentSchema<Doc<InvitationState>>(
  'invitations',
  {
    inviteId: 'Number',
    invitedByUserId: 'Number',
    linkId: 'Number',
    email: 'String',
    invitedAs: 'Number',
    invitedAt: 'String',
    expiresAt: 'String',
    streamIds: ['Number'],
    groupIds: ['Number'],
    includeRealmDefaultSubscriptions: 'Boolean',
    notifyReferrerOnJoin: 'Boolean',
    welcomeMessageCustomText: 'String',
    keyHash: 'String',
    keyNonce: 'String',
    status: 'String',
    acceptedUserId: 'Number',
    version: 'Number',
  },
  [[{ invitedByUserId: 1, status: 1 }]],
);
/** SHA-256 of an invitation key → the invitation. */
export const INVITATION_KEYS = documentSchema<{ _id: string; inviteId: number }>('invitation_keys', { inviteId: 'Number' });
/** Lower-case email → every invitation ever sent to it. */
export const INVITATION_EMAILS = documentSchema<{ _id: string; inviteIds: number[] }>('invitation_emails', { inviteIds: ['Number'] });
export const INVITE_QUOTAS = documentSchema<{ _id: string; sent: InviteSend[] }>('invite_quotas', { sent: 'Mixed' });
/** `unrevokedLinksFrom` finds a user's unrevoked links by who created them. */
export const INVITATION_LINKS = documentSchema<Doc<InvitationLinkState>>(
  'invitation_links',
  {
    linkId: 'Number',
    invitedByUserId: 'Number',
    invitedAs: 'Number',
    createdAt: 'String',
    expiresAt: 'String',
    streamIds: ['Number'],
    groupIds: ['Number'],
    includeRealmDefaultSubscriptions: 'Boolean',
    welcomeMessageCustomText: 'String',
    keyHash: 'String',
    keyNonce: 'String',
    revoked: 'Boolean',
    version: 'Number',
  },
  [[{ invitedByUserId: 1, revoked: 1 }]],
);
/** SHA-256 of a reusable link's key → the link. */
export const INVITATION_LINK_KEYS = documentSchema<{ _id: string; linkId: number }>('invitation_link_keys', { linkId: 'Number' });
export const NAVIGATION_VIEWS = documentSchema<Doc<NavigationViewsState>>('navigation_views', {
  userId: 'Number',
  views: 'Mixed',
  version: 'Number',
});
export const LINKIFIERS = documentSchema<Doc<LinkifiersState>>('linkifiers', {
  linkifiers: 'Mixed',
  lastLinkifierId: 'Number',
  version: 'Number',
});
export const SAVED_SNIPPETS = documentSchema<Doc<SavedSnippetsState>>('saved_snippets', {
  userId: 'Number',
  snippets: 'Mixed',
  lastNumber: 'Number',
  version: 'Number',
});
export const CUSTOM_EMOJI = documentSchema<Doc<CustomEmojiState>>('custom_emoji', {
  emoji: 'Mixed',
  lastEmojiId: 'Number',
  version: 'Number',
});
export const PLAYGROUNDS = documentSchema<Doc<PlaygroundsState>>('playgrounds', {
  playgrounds: 'Mixed',
  lastPlaygroundId: 'Number',
  version: 'Number',
});
export const USER_STATUSES = documentSchema<Doc<UserStatusState>>('user_statuses', {
  userId: 'Number',
  statusText: 'String',
  emojiName: 'String',
  emojiCode: 'String',
  reactionType: 'String',
  away: 'Boolean',
  version: 'Number',
});
export const PRESENCE_TRANSITIONS = documentSchema<Doc<PresenceTransitionState>>('presence_transitions', {
  userId: 'Number',
  status: 'String',
  timestamp: 'Number',
  version: 'Number',
});

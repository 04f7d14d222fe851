import { createHash } from 'node:crypto';
import { Role, type UserReply } from '@zulip-es/contracts';
import { apiEmail, canSeeDeliveryEmail } from '@zulip-es/zulip-rules';
import type { RealmState } from './realm.state';
import type { UserState } from './user.state';

export function gravatarUrl(email: string, version: number): string {
  const hash = createHash('md5').update(email.toLowerCase()).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon&version=${version}`;
}

/** Zulip's `UserProfile.DEFAULT_BOT`. */
const GENERIC_BOT_TYPE = 1;

/** Zulip formats `date_joined` as ISO-8601 to the minute with an explicit offset. */
export const formatDateJoined = (iso: string): string => `${iso.slice(0, 16)}+00:00`;

export interface UserViewOptions {
  clientGravatar: boolean;
  includeProfileData: boolean;
}

/** A user as `viewer` sees it (Zulip's API user dict). */
export function userView(user: UserState, viewer: UserState, realm: RealmState, options: UserViewOptions): UserReply {
  const view: UserReply = {
    user_id: user.userId,
    email: apiEmail(user, realm),
    delivery_email: canSeeDeliveryEmail(viewer, user) ? user.deliveryEmail : null,
    full_name: user.fullName,
    date_joined: formatDateJoined(user.dateJoined),
    is_active: user.isActive,
    is_owner: user.role === Role.OWNER,
    is_admin: user.role <= Role.ADMINISTRATOR,
    is_guest: user.role === Role.GUEST,
    is_bot: user.isBot,
    role: user.role,
    timezone: user.timezone,
    avatar_url: options.clientGravatar ? null : gravatarUrl(user.deliveryEmail, user.avatarVersion),
    avatar_version: user.avatarVersion,
  };
  // Zulip's `bot_type`, for bots only: the one bot here, the Notification Bot, is a generic bot (1),
  // and a system bot, so it has no `bot_owner_id`.
  if (user.isBot) view.bot_type = GENERIC_BOT_TYPE;
  if (options.includeProfileData && !user.isBot) view.profile_data = profileDataView(user);
  return view;
}

/** Zulip's `profile_data`: `{"<field id>": {value, rendered_value?}}`, `rendered_value` for text fields only. */
export function profileDataView(user: UserState): Record<string, { value: string; rendered_value?: string }> {
  return Object.fromEntries(
    Object.entries(user.profileData ?? {}).map(([id, v]) => [
      id,
      v.renderedValue === undefined ? { value: v.value } : { value: v.value, rendered_value: v.renderedValue },
    ]),
  );
}

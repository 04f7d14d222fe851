import { Role } from '@zulip-es/contracts';
import { isSystemBot } from '../bootstrap-realm/system-bots';
import { apiEmail } from '@zulip-es/zulip-rules';
import { gravatarUrl, userView } from '../domain/user-view';
import { hasRealmPermission } from '../user-groups/group-rules';
import { groupsContext } from '../user-groups/groups-context';
import type { RegisterSection } from './register-section';

/**
 * Fetch type `realm_user`: the organization's people (active, deactivated, and the system bots
 * as `cross_realm_bots`), as `GET /users` shows them to the caller, and the caller's own fields
 * and permissions.
 */
export const realmUserSection: RegisterSection = {
  fetchType: 'realm_user',
  async state({ repo, realm, actor, params }) {
    const [users, groups] = await Promise.all([repo.allUsers(), repo.allUserGroups()]);
    const view = (user: (typeof users)[number]) =>
      userView(user, actor, realm, { clientGravatar: params.client_gravatar, includeProfileData: true });
    const people = users.filter((u) => !isSystemBot(u));
    const { membership } = groupsContext({ realm, actor, groups, users });
    const may = (setting: Parameters<typeof hasRealmPermission>[3]) => hasRealmPermission(membership, actor, realm, setting);
    const avatar = gravatarUrl(actor.deliveryEmail, actor.avatarVersion);
    return {
      realm_users: people.filter((u) => u.isActive).map(view),
      realm_non_active_users: people.filter((u) => !u.isActive).map(view),
      cross_realm_bots: users.filter(isSystemBot).map((u) => ({ ...view(u), is_system_bot: true })),
      user_id: actor.userId,
      email: apiEmail(actor, realm),
      delivery_email: actor.deliveryEmail,
      full_name: actor.fullName,
      avatar_source: 'G',
      avatar_url: avatar,
      avatar_url_medium: avatar.replace('?d=identicon', '?d=identicon&s=500'),
      is_owner: actor.role === Role.OWNER,
      is_admin: actor.role <= Role.ADMINISTRATOR,
      is_moderator: actor.role === Role.MODERATOR,
      is_guest: actor.role === Role.GUEST,
      can_create_streams: may('can_create_public_channel_group') || may('can_create_private_channel_group'),
      can_create_public_streams: may('can_create_public_channel_group'),
      can_create_private_streams: may('can_create_private_channel_group'),
      can_create_web_public_streams: false,
      can_subscribe_other_users: may('can_add_subscribers_group'),
      can_invite_others_to_realm: may('can_invite_users_group'),
    };
  },
};

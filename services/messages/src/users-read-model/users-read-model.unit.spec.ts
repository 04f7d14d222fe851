import { Role } from '@zulip-es/contracts';
import { REALM_CREATED_V1_SETTINGS } from '@zulip-es/zulip-rules';
import { organization, REALM_HOST, realmCreated, U, usersEvent, withGroup, withRealmSetting } from '../testing/users.fixtures';
import { UsersReadModel } from './users-read-model';

describe("the messages service's copy of the users domain", () => {
  it('derives system group membership from roles, through the subgroup chain', () => {
    const membership = organization().membership();
    expect(membership.isMember(U.owner, 3)).toBe(true); // owners ⊂ administrators
    expect(membership.isMember(U.moderator, 3)).toBe(false);
    expect(membership.isMember(U.member, 6)).toBe(true);
    expect(membership.isMember(U.guest, 6)).toBe(false);
    expect(membership.isMember(U.guest, 7)).toBe(true);
    expect(membership.isMember(U.deactivated, 7)).toBe(false);
  });

  it('follows role changes, deactivations and group membership changes', () => {
    const model = withGroup(organization(), 20, [U.member]);
    model.apply(usersEvent('user.role_changed.v1', { userId: U.member, role: Role.MODERATOR }));
    expect(model.membership().isMember(U.member, 4)).toBe(true);
    model.apply(usersEvent('user_group.members_removed.v1', { groupId: 20, userIds: [U.member] }));
    model.apply(usersEvent('user_group.members_added.v1', { groupId: 20, userIds: [U.guest] }));
    expect(model.membership().isMember(U.member, 20)).toBe(false);
    expect(model.membership().isMember(U.guest, 20)).toBe(true);
    model.apply(usersEvent('user.deactivated.v1', { userId: U.guest }));
    expect(model.membership().isMember(U.guest, 20)).toBe(false);
  });

  it('resolves anonymous setting values and subgroups recursively', () => {
    const model = withGroup(withGroup(organization(), 21, [U.otherMember]), 22, [], [21]);
    const membership = model.membership();
    expect(membership.isInSettingValue(U.otherMember, 22)).toBe(true);
    expect(membership.isInSettingValue(U.member, { directMembers: [U.member], directSubgroups: [] })).toBe(true);
    expect(membership.isInSettingValue(U.otherMember, { directMembers: [], directSubgroups: [22] })).toBe(true);
    expect(membership.hasPermission({ userId: U.guest, role: Role.GUEST }, 7, { allowEveryoneGroup: false })).toBe(false);
  });

  it('finds principals by their API email: the real address only when everyone may see it', () => {
    const model = organization();
    expect(model.userByApiEmail('PERSON4@example.com')?.userId).toBe(U.member);
    // Person 5 hides their address: only the dummy address names them.
    expect(model.userByApiEmail('person5@example.com')).toBeUndefined();
    expect(model.userByApiEmail(`user5@${REALM_HOST}`)?.userId).toBe(U.otherMember);
    expect(model.userByApiEmail(`user4@${REALM_HOST}`)).toBeUndefined();
    model.apply(
      usersEvent('user.email_changed.v1', { userId: U.member, deliveryEmail: 'new@example.com', previousEmail: 'person4@example.com' }),
    );
    expect(model.userByApiEmail('new@example.com')?.userId).toBe(U.member);
    expect(model.userByApiEmail('person4@example.com')).toBeUndefined();
  });

  it("keeps the organization's channel permissions with Zulip's defaults until they change", () => {
    const model = organization();
    expect(model.realm?.permissions.can_create_public_channel_group).toBe(6);
    expect(model.realm?.permissions.can_create_web_public_channel_group).toBe(2);
    withRealmSetting(model, 'can_create_public_channel_group', 3);
    withRealmSetting(model, 'message_content_edit_limit_seconds', null);
    withRealmSetting(model, 'description', true);
    expect(model.realm).toMatchObject({ permissions: { can_create_public_channel_group: 3 }, messageContentEditLimitSeconds: null });
  });

  it('ignores events it does not know', () => {
    const model = organization();
    model.apply(usersEvent('something.new.v1', { anything: 1 }));
    expect(model.user(U.member)?.role).toBe(Role.MEMBER);
  });

  it('gives an organization of realm.created.v1 the settings such organizations always started with', () => {
    const model = new UsersReadModel();
    const { realmId, name, host, url, createdAt } = realmCreated().data as Record<string, unknown>;
    model.apply(usersEvent('realm.created.v1', { realmId, name, host, url, createdAt }));
    expect(model.realm).toEqual({
      realmId: 1,
      host: REALM_HOST,
      url: `https://${REALM_HOST}`,
      permissions: {
        can_add_subscribers_group: 6,
        can_create_public_channel_group: 6,
        can_create_private_channel_group: 6,
        can_create_web_public_channel_group: 2,
        can_set_topics_policy_group: 6,
        can_set_delete_message_policy_group: 4,
        can_mention_many_users_group: 3,
        can_move_messages_between_channels_group: 6,
        can_move_messages_between_topics_group: 7,
        can_resolve_topics_group: 7,
        can_delete_any_message_group: 3,
        can_delete_own_message_group: 7,
      },
      allowMessageEditing: true,
      messageContentEditLimitSeconds: 600,
      moveMessagesWithinStreamLimitSeconds: 604800,
      moveMessagesBetweenStreamsLimitSeconds: 604800,
      enableSpectatorAccess: false,
      messageContentDeleteLimitSeconds: 600,
      topicsPolicy: 'allow_empty_topic',
      messageEditHistoryVisibilityPolicy: 'all',
      enableReadReceipts: false,
      moderationRequestChannelId: -1,
    });
  });

  it('takes the settings of realm.created.v2 from the event', () => {
    const model = new UsersReadModel();
    model.apply(
      realmCreated({
        ...REALM_CREATED_V1_SETTINGS,
        topics_policy: 'disable_empty_topic',
        message_content_delete_limit_seconds: null,
        enable_read_receipts: true,
        can_delete_own_message_group: { directMembers: [U.member], directSubgroups: [3] },
      }),
    );
    expect(model.realm).toMatchObject({
      topicsPolicy: 'disable_empty_topic',
      messageContentDeleteLimitSeconds: null,
      enableReadReceipts: true,
      permissions: { can_delete_own_message_group: { directMembers: [U.member], directSubgroups: [3] }, can_resolve_topics_group: 7 },
    });
  });
});

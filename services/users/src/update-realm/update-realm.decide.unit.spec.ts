import { Role } from '@zulip-es/contracts';
import { aGroup, asRole, groupsState } from '../testing/user-groups.fixtures';
import { aRealm } from '../testing/users.fixtures';
import { decideUpdateRealm, updateRealmReply, type UpdateRealm } from './update-realm.decide';

const refused = (msg: string, code = 'BAD_REQUEST') => expect.objectContaining({ code, msg });
/** Channel 5 exists. */
const channels = { channel: (id: number) => (id === 5 ? { channelId: 5 } : undefined) };
const decide = (cmd: Partial<UpdateRealm>, overrides = {}) =>
  decideUpdateRealm(
    cmd as UpdateRealm,
    groupsState({
      realm: aRealm({ version: 7 }),
      groups: [aGroup(), aGroup({ groupId: 21, name: 'gone', deactivated: true })],
      ...overrides,
    }),
    channels,
  );
const change = (value: unknown) => ({ new: value, old: undefined }) as UpdateRealm['can_create_groups'];

describe('update realm', () => {
  it('publishes one event per changed setting, in order, on the realm aggregate', () => {
    expect(
      decide({
        name: 'New name',
        allow_message_editing: false,
        message_content_edit_limit_seconds: 'unlimited',
        can_resolve_topics_group: change(6),
      }),
    ).toEqual([
      { type: 'realm.setting_changed.v1', aggregateId: 'realm', sequence: 8, data: { property: 'name', value: 'New name' } },
      { type: 'realm.setting_changed.v1', aggregateId: 'realm', sequence: 9, data: { property: 'allow_message_editing', value: false } },
      {
        type: 'realm.setting_changed.v1',
        aggregateId: 'realm',
        sequence: 10,
        data: { property: 'message_content_edit_limit_seconds', value: null },
      },
      { type: 'realm.setting_changed.v1', aggregateId: 'realm', sequence: 11, data: { property: 'can_resolve_topics_group', value: 6 } },
    ]);
  });

  it('turns read receipts on and sets the moderation request channel to a channel that exists', () => {
    expect(decide({ enable_read_receipts: true, moderation_request_channel_id: 5 }).map((e) => e.data)).toEqual([
      { property: 'enable_read_receipts', value: true },
      { property: 'moderation_request_channel_id', value: 5 },
    ]);
    expect(() => decide({ moderation_request_channel_id: 6 })).toThrow(refused('Invalid channel ID'));
  });

  it('turns message reports off with any negative channel id, recorded as -1', () => {
    const events = decide(
      { moderation_request_channel_id: -7 },
      { realm: aRealm({ version: 7, settings: { ...aRealm().settings, moderationRequestChannelId: 5 } }) },
    );
    expect(events.map((e) => e.data)).toEqual([{ property: 'moderation_request_channel_id', value: -1 }]);
  });

  it('publishes nothing for values already in place', () => {
    expect(
      decide({
        name: 'Test org',
        description: '',
        allow_message_editing: true,
        message_content_edit_limit_seconds: 600,
        can_resolve_topics_group: change(7),
      }),
    ).toEqual([]);
  });

  it('stores anonymous group values sorted, and answers what changed as Zulip does', () => {
    const events = decide({
      description: 'About us',
      move_messages_within_stream_limit_seconds: 3600,
      can_mention_many_users_group: change({ direct_members: [4, 3], direct_subgroups: [20] }),
    });
    expect(events.at(-1)!.data).toEqual({
      property: 'can_mention_many_users_group',
      value: { directMembers: [3, 4], directSubgroups: [20] },
    });
    expect(updateRealmReply(events)).toEqual({
      description: 'updated',
      move_messages_within_stream_limit_seconds: 3600,
      can_mention_many_users_group: { direct_members: [3, 4], direct_subgroups: [20] },
    });
  });

  it('lets only owners change can_create_groups, can_invite_users_group and can_manage_all_groups', () => {
    for (const setting of ['can_create_groups', 'can_invite_users_group', 'can_manage_all_groups'] as const) {
      expect(() => decide({ [setting]: change(3) }, { actor: asRole(Role.ADMINISTRATOR) })).toThrow(
        refused('Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'),
      );
      expect(decide({ [setting]: change(3) })).toHaveLength(1);
    }
    expect(decide({ can_resolve_topics_group: change(6) }, { actor: asRole(Role.ADMINISTRATOR) })).toHaveLength(1);
  });

  it('changes the message edit history visibility policy to one of Zulip\'s names, leaving "all" (the default) alone', () => {
    expect(decide({ message_edit_history_visibility_policy: 'moves' })).toEqual([
      {
        type: 'realm.setting_changed.v1',
        aggregateId: 'realm',
        sequence: 8,
        data: { property: 'message_edit_history_visibility_policy', value: 'moves' },
      },
    ]);
    expect(decide({ message_edit_history_visibility_policy: 'all' })).toEqual([]);
    // Zulip answers its enum's number, not "updated": its view turned the name into the enum.
    expect(updateRealmReply(decide({ message_edit_history_visibility_policy: 'none' }))).toEqual({
      message_edit_history_visibility_policy: 3,
    });
    expect(updateRealmReply(decide({ message_edit_history_visibility_policy: 'moves' }))).toEqual({
      message_edit_history_visibility_policy: 2,
    });
  });

  it('refuses moderators and below', () => {
    expect(() => decide({ name: 'x' }, { actor: asRole(Role.MODERATOR) })).toThrow(
      refused('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL'),
    );
  });

  it.each<[Partial<UpdateRealm>, string, string]>([
    [{ message_content_edit_limit_seconds: 0 }, "Bad value for 'message_content_edit_limit_seconds': 0", 'BAD_REQUEST'],
    [{ move_messages_between_streams_limit_seconds: -5 }, "Bad value for 'move_messages_between_streams_limit_seconds': -5", 'BAD_REQUEST'],
    [
      { move_messages_within_stream_limit_seconds: 'forever' },
      "Bad value for 'move_messages_within_stream_limit_seconds': forever",
      'BAD_REQUEST',
    ],
    [{ can_invite_users_group: change(99) }, 'Invalid user group', 'BAD_REQUEST'],
    [{ can_invite_users_group: change(21) }, 'User group is deactivated.', 'BAD_REQUEST'],
    [{ can_invite_users_group: change(7) }, "'can_invite_users_group' setting cannot be set to 'role:everyone' group.", 'BAD_REQUEST'],
    [{ can_manage_all_groups: change(1) }, "'can_manage_all_groups' setting cannot be set to 'role:nobody' group.", 'BAD_REQUEST'],
    [
      { can_manage_all_groups: change({ direct_members: [], direct_subgroups: [] }) },
      "'can_manage_all_groups' setting cannot be set to 'role:nobody' group.",
      'BAD_REQUEST',
    ],
    [{ can_resolve_topics_group: change(8) }, "'can_resolve_topics_group' setting cannot be set to 'role:internet' group.", 'BAD_REQUEST'],
    [{ can_add_subscribers_group: change({ direct_members: [99], direct_subgroups: [] }) }, 'Invalid user ID: 99', 'BAD_REQUEST'],
    [{ can_add_subscribers_group: { new: 4, old: 5 } }, "'old' value does not match the expected value.", 'EXPECTATION_MISMATCH'],
    [{ name: 'Changed', can_add_subscribers_group: change(99) }, 'Invalid user group', 'BAD_REQUEST'],
    [{ message_edit_history_visibility_policy: 'moves_only' }, 'Invalid message_edit_history_visibility_policy', 'BAD_REQUEST'],
  ])('refuses %j with "%s" and changes nothing', (cmd, msg, code) => {
    expect(() => decide(cmd)).toThrow(refused(msg, code));
  });
});

import { Role } from '@zulip-es/contracts';
import { aGroup, asRole, groupsState } from '../testing/user-groups.fixtures';
import { aRealm, DEFAULT_REALM_SETTINGS } from '../testing/users.fixtures';
import { groupsContext } from '../user-groups/groups-context';
import { SystemGroup, systemGroupId } from '@zulip-es/zulip-rules';
import type { DirectoryChannel } from './channel-directory';
import { inviteChannelAccess } from './invite-channels';

const NOBODY = systemGroupId(SystemGroup.NOBODY);
const aChannel = (overrides: Partial<DirectoryChannel> = {}): DirectoryChannel => ({
  channelId: 9,
  inviteOnly: false,
  isWebPublic: false,
  isDefault: false,
  subscriberIds: new Set(),
  settings: { can_add_subscribers_group: NOBODY, can_administer_channel_group: NOBODY, can_subscribe_group: NOBODY },
  ...overrides,
});
const realmWhere = (canAddSubscribers: number) =>
  aRealm({
    settings: { ...DEFAULT_REALM_SETTINGS, groups: { ...DEFAULT_REALM_SETTINGS.groups, can_add_subscribers_group: canAddSubscribers } },
  });
const accessOf = (role: Role, channel: DirectoryChannel | undefined, realm = aRealm()) =>
  inviteChannelAccess(
    groupsContext(groupsState({ realm, actor: asRole(role), users: [asRole(role)], groups: [aGroup({ groupId: 21, memberIds: [4] })] })),
    channel,
  );

describe('channels named in an invitation', () => {
  it('an unknown channel is not accessible', () => {
    expect(accessOf(Role.MEMBER, undefined)).toEqual({ accessible: false, mayAddSubscribers: false });
  });

  it('by default a member may invite to a public channel (the organization lets members add subscribers)', () => {
    expect(accessOf(Role.MEMBER, aChannel())).toEqual({ accessible: true, mayAddSubscribers: true });
  });

  it('a private channel is unknown to a member who is not subscribed, even an administrator must read it first', () => {
    expect(accessOf(Role.MEMBER, aChannel({ inviteOnly: true })).accessible).toBe(false);
    expect(accessOf(Role.ADMINISTRATOR, aChannel({ inviteOnly: true })).accessible).toBe(false);
    expect(accessOf(Role.MEMBER, aChannel({ inviteOnly: true, subscriberIds: new Set([4]) }))).toEqual({
      accessible: true,
      mayAddSubscribers: true,
    });
  });

  it('a guest reads only channels they are subscribed to, and may not add subscribers there', () => {
    expect(accessOf(Role.GUEST, aChannel()).accessible).toBe(false);
    expect(accessOf(Role.GUEST, aChannel({ subscriberIds: new Set([5]) }))).toEqual({ accessible: true, mayAddSubscribers: false });
  });

  it('when the organization limits adding subscribers to administrators, members need the channel to allow it, or a default channel', () => {
    const realm = realmWhere(systemGroupId(SystemGroup.ADMINISTRATORS));
    expect(accessOf(Role.MEMBER, aChannel(), realm).mayAddSubscribers).toBe(false);
    expect(accessOf(Role.ADMINISTRATOR, aChannel(), realm).mayAddSubscribers).toBe(true);
    expect(accessOf(Role.MEMBER, aChannel({ isDefault: true }), realm).mayAddSubscribers).toBe(true);
    const allowing = aChannel({ settings: { ...aChannel().settings, can_add_subscribers_group: 21 } });
    expect(accessOf(Role.MEMBER, allowing, realm).mayAddSubscribers).toBe(true);
    const administered = aChannel({
      settings: { ...aChannel().settings, can_administer_channel_group: { directMembers: [4], directSubgroups: [] } },
    });
    expect(accessOf(Role.MEMBER, administered, realm).mayAddSubscribers).toBe(true);
  });

  it("a private channel's can_subscribe_group grants access to it", () => {
    const channel = aChannel({ inviteOnly: true, settings: { ...aChannel().settings, can_subscribe_group: 21 } });
    expect(accessOf(Role.MEMBER, channel).accessible).toBe(true);
    expect(accessOf(Role.MODERATOR, channel).accessible).toBe(false);
  });
});

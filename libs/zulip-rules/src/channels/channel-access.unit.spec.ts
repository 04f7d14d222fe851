import { aChannel, aPrivateChannel } from '../testing/channels.fixtures';
import { membershipWith, aGroup, person, U } from '../testing/groups.fixtures';
import {
  canAdministerChannel,
  hasBasicAccess,
  hasContentAccess,
  hasMetadataAccess,
  isChannelMetadataAudience,
  mayAddSubscribers,
} from './channel-access';

const ctx = { membership: membershipWith([aGroup({ memberIds: [U.member, U.guest] })]) };

describe('channel access', () => {
  it('gives content access to public channels to everyone but guests, and to subscribers always', () => {
    expect(hasContentAccess(ctx, person(U.member), aChannel(), false)).toBe(true);
    expect(hasContentAccess(ctx, person(U.guest), aChannel(), false)).toBe(false);
    expect(hasContentAccess(ctx, person(U.guest), aPrivateChannel(), true)).toBe(true);
    expect(hasContentAccess(ctx, person(U.guest), aChannel({ isWebPublic: true }), false)).toBe(true);
  });

  it('gives content access to private channels through can_subscribe_group or can_add_subscribers_group, never to guests that way', () => {
    const viaGroup = aPrivateChannel({ settings: { can_add_subscribers_group: 20 } });
    expect(hasContentAccess(ctx, person(U.member), viaGroup, false)).toBe(true);
    expect(hasContentAccess(ctx, person(U.guest), viaGroup, false)).toBe(false);
    expect(hasContentAccess(ctx, person(U.admin), aPrivateChannel(), false)).toBe(false);
  });

  it('gives administrators and the holders of can_administer_channel_group metadata access to a private channel', () => {
    expect(hasMetadataAccess(ctx, person(U.admin), aPrivateChannel(), false)).toBe(true);
    expect(hasMetadataAccess(ctx, person(U.member), aPrivateChannel(), false)).toBe(false);
    expect(hasMetadataAccess(ctx, person(U.member), aPrivateChannel({ settings: { can_administer_channel_group: 20 } }), false)).toBe(true);
    expect(hasBasicAccess(ctx, person(U.admin), aPrivateChannel(), false, false)).toBe(true);
    expect(hasBasicAccess(ctx, person(U.admin), aPrivateChannel(), false, true)).toBe(false);
  });

  it('tells guests of a web-public channel they may see only when they are subscribed', () => {
    const webPublic = aChannel({ isWebPublic: true });
    expect(hasMetadataAccess(ctx, person(U.guest), webPublic, false)).toBe(true);
    expect(isChannelMetadataAudience(ctx, person(U.guest), webPublic, false)).toBe(false);
    expect(isChannelMetadataAudience(ctx, person(U.guest), webPublic, true)).toBe(true);
    expect(isChannelMetadataAudience(ctx, person(U.member), webPublic, false)).toBe(true);
  });

  it('makes the creator the channel administrator by default', () => {
    expect(canAdministerChannel(ctx, person(U.owner), aChannel())).toBe(true);
    expect(canAdministerChannel(ctx, person(U.member), aChannel())).toBe(false);
  });

  it("lets the organization's can_add_subscribers_group add subscribers everywhere, never guests through a channel's own", () => {
    expect(mayAddSubscribers(ctx, person(U.member), aChannel(), true)).toBe(true);
    expect(mayAddSubscribers(ctx, person(U.member), aChannel(), false)).toBe(false);
    expect(mayAddSubscribers(ctx, person(U.member), aChannel({ settings: { can_add_subscribers_group: 20 } }), false)).toBe(true);
    expect(mayAddSubscribers(ctx, person(U.guest), aChannel({ settings: { can_add_subscribers_group: 20 } }), false)).toBe(false);
  });
});

import { channel, privateChannel } from '../testing/channels.fixtures';
import { contextOf, organization, U, withGroup } from '../testing/users.fixtures';
import { canAddSubscribers, canAdministerChannel, hasContentAccess, hasMetadataAccess } from './channel-access';

const ctx = contextOf(withGroup(organization(), 20, [U.member, U.guest]), U.owner);
const person = (userId: number) => ctx.user(userId)!;

describe('channel access', () => {
  it('gives content access to public channels to everyone but guests, and to subscribers always', () => {
    expect(hasContentAccess(ctx, person(U.member), channel(1), false)).toBe(true);
    expect(hasContentAccess(ctx, person(U.guest), channel(1), false)).toBe(false);
    expect(hasContentAccess(ctx, person(U.guest), privateChannel(1), true)).toBe(true);
  });

  it('gives content access to private channels through can_subscribe_group or can_add_subscribers_group, never to guests that way', () => {
    const viaGroup = privateChannel(1, { settings: { can_subscribe_group: 20 } });
    expect(hasContentAccess(ctx, person(U.member), viaGroup, false)).toBe(true);
    expect(hasContentAccess(ctx, person(U.guest), viaGroup, false)).toBe(false);
    expect(hasContentAccess(ctx, person(U.admin), privateChannel(1), false)).toBe(false);
  });

  it('gives administrators metadata access to every channel', () => {
    expect(hasMetadataAccess(ctx, person(U.admin), privateChannel(1), false)).toBe(true);
    expect(hasMetadataAccess(ctx, person(U.member), privateChannel(1), false)).toBe(false);
    expect(hasMetadataAccess(ctx, person(U.member), privateChannel(1, { settings: { can_administer_channel_group: 20 } }), false)).toBe(
      true,
    );
  });

  it('makes the creator the channel administrator by default', () => {
    expect(canAdministerChannel(ctx, person(U.owner), channel(1))).toBe(true);
    expect(canAdministerChannel(ctx, person(U.member), channel(1))).toBe(false);
  });

  it("lets members add subscribers by the organization's default, never guests", () => {
    expect(canAddSubscribers(ctx, person(U.member), channel(1))).toBe(true);
    expect(canAddSubscribers(ctx, person(U.guest), channel(1, { settings: { can_add_subscribers_group: 20 } }))).toBe(false);
  });
});

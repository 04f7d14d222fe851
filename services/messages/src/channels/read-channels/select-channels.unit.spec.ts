import { getStreams } from '@zulip-es/contracts';
import { channel, privateChannel } from '../../testing/channels.fixtures';
import { contextOf, organization, U } from '../../testing/users.fixtures';
import { selectChannels } from './select-channels';

const all = [
  channel(1, { name: 'public' }),
  privateChannel(2, { name: 'private' }),
  privateChannel(3, { name: 'joinable', settings: { can_subscribe_group: 6 } }),
  channel(4, { name: 'archived', isArchived: true }),
];
const pick = (actorId: number, params: Record<string, unknown> = {}, subscribed: number[] = []) => {
  const ctx = contextOf(organization(), actorId);
  return selectChannels(ctx, ctx.actor, all, new Set(subscribed), getStreams.params.parse(params)).map((c) => c.name);
};

describe('GET /streams sources', () => {
  it('answers the public channels and the subscribed ones by default', () => {
    expect(pick(U.member, {}, [2])).toEqual(['public', 'private']);
  });

  it('never shows guests public channels they are not in', () => {
    expect(pick(U.guest, {}, [1])).toEqual(['public']);
    expect(pick(U.guest)).toEqual([]);
  });

  it('with include_all, every channel with metadata access: all of them for administrators', () => {
    expect(pick(U.admin, { include_all: true })).toEqual(['public', 'private', 'joinable']);
    expect(pick(U.member, { include_all: true })).toEqual(['public', 'joinable']);
    expect(pick(U.admin, { include_all_active: true, exclude_archived: false })).toEqual(['public', 'private', 'joinable', 'archived']);
  });

  it('with include_can_access_content, the channels whose messages the user may read (not private ones for administrators by their role)', () => {
    expect(pick(U.admin, { include_can_access_content: true })).toEqual(['public', 'joinable']);
    expect(pick(U.guest, { include_can_access_content: true }, [2])).toEqual(['private']);
    expect(pick(U.member, { include_can_access_content: true })).toEqual(['public', 'joinable']);
  });

  it('answers nothing when every source is turned off', () => {
    expect(pick(U.member, { include_public: false, include_subscribed: false }, [1])).toEqual([]);
  });
});

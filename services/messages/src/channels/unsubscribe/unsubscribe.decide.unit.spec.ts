import { unsubscribe } from '@zulip-es/contracts';
import { channel, privateChannel, subscriptions } from '../../testing/channels.fixtures';
import { contextOf, organization, U, withGroup } from '../../testing/users.fixtures';
import type { ChannelState } from '../channel.state';
import { decideUnsubscribe, unsubscribeReplyFrom, type UnsubscribeState } from './unsubscribe.decide';

const cmd = (params: Record<string, unknown>) => unsubscribe.params.parse(params);
const rome = channel(3, { name: 'Rome', version: 5 });
const oslo = channel(4, { name: 'Oslo', version: 2 });

function state(
  actorId: number,
  subs: Record<number, number[]>,
  channels: ChannelState[] = [rome, oslo],
  model = organization(),
): UnsubscribeState {
  return {
    ctx: contextOf(model, actorId),
    existing: new Map(channels.map((c) => [c.name.toLowerCase(), c])),
    subscriptionsOf: subscriptions(subs),
  };
}

describe('unsubscribing from channels', () => {
  it('removes the caller from the channels they are in and lists the others as not removed', () => {
    const { events, reply } = decideUnsubscribe(cmd({ subscriptions: ['rome', 'Oslo'] }), state(U.member, { [U.member]: [3] }));
    expect(events).toEqual([
      {
        type: 'channel.subscribers_removed.v1',
        aggregateId: 'channel:3',
        sequence: 6,
        data: { channelId: 3, channelName: 'Rome', userIds: [U.member] },
      },
    ]);
    expect(reply).toEqual({ removed: ['Rome'], not_removed: ['Oslo'] });
    expect(unsubscribeReplyFrom(events)).toEqual({ removed: ['Rome'], not_removed: [] });
  });

  it('lets anyone leave a private channel they are in', () => {
    const secret = privateChannel(5, { name: 'secret' });
    expect(decideUnsubscribe(cmd({ subscriptions: ['secret'] }), state(U.guest, { [U.guest]: [5] }, [secret])).reply).toEqual({
      removed: ['secret'],
      not_removed: [],
    });
  });

  it('refuses channels that do not exist, naming them all', () => {
    expect(() => decideUnsubscribe(cmd({ subscriptions: ['Rome', 'nowhere', 'gone'] }), state(U.member, {}))).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', msg: 'Channel(s) (nowhere, gone) do not exist' }),
    );
  });

  describe('removing other users', () => {
    const others = cmd({ subscriptions: ['Rome'], principals: [U.otherMember] });

    it('is allowed to administrators', () => {
      expect(decideUnsubscribe(others, state(U.admin, { [U.otherMember]: [3] })).reply).toEqual({ removed: ['Rome'], not_removed: [] });
    });

    it('is refused to members and moderators by default, before missing channels are reported', () => {
      expect(() => decideUnsubscribe(others, state(U.moderator, { [U.otherMember]: [3] }))).toThrow(
        expect.objectContaining({ msg: 'Insufficient permission' }),
      );
      expect(() =>
        decideUnsubscribe(cmd({ subscriptions: ['Rome', 'nowhere'], principals: [U.otherMember] }), state(U.member, {})),
      ).toThrow(expect.objectContaining({ msg: 'Insufficient permission' }));
    });

    it("is allowed to the channel's administrators and to members of its can_remove_subscribers_group", () => {
      const administered = channel(3, {
        name: 'Rome',
        settings: { can_administer_channel_group: { directMembers: [U.member], directSubgroups: [] } },
      });
      expect(decideUnsubscribe(others, state(U.member, { [U.otherMember]: [3] }, [administered])).reply.removed).toEqual(['Rome']);
      const model = withGroup(organization(), 20, [U.member]);
      const removable = channel(3, { name: 'Rome', settings: { can_remove_subscribers_group: 20 } });
      expect(decideUnsubscribe(others, state(U.member, { [U.otherMember]: [3] }, [removable], model)).reply.removed).toEqual(['Rome']);
    });

    it('needs access to a private channel even for members of its can_remove_subscribers_group', () => {
      const model = withGroup(organization(), 20, [U.member]);
      const secret = privateChannel(3, { name: 'Rome', settings: { can_remove_subscribers_group: 20 } });
      expect(() => decideUnsubscribe(others, state(U.member, { [U.otherMember]: [3] }, [secret], model))).toThrow(
        expect.objectContaining({ msg: 'Insufficient permission' }),
      );
      expect(decideUnsubscribe(others, state(U.member, { [U.otherMember]: [3], [U.member]: [3] }, [secret], model)).reply.removed).toEqual([
        'Rome',
      ]);
    });

    it('is never allowed to guests', () => {
      const open = channel(3, { name: 'Rome', settings: { can_remove_subscribers_group: 7 } });
      expect(() => decideUnsubscribe(others, state(U.guest, { [U.otherMember]: [3], [U.guest]: [3] }, [open]))).toThrow(
        expect.objectContaining({ msg: 'Insufficient permission' }),
      );
    });

    it('reports each user and channel pair', () => {
      const { events, reply } = decideUnsubscribe(
        cmd({ subscriptions: ['Rome', 'Oslo'], principals: [U.member, U.otherMember] }),
        state(U.owner, { [U.member]: [3, 4], [U.otherMember]: [4] }),
      );
      expect(reply).toEqual({ removed: ['Rome', 'Oslo', 'Oslo'], not_removed: ['Rome'] });
      expect(events.map((e) => [e.aggregateId, e.data.userIds])).toEqual([
        ['channel:3', [U.member]],
        ['channel:4', [U.member, U.otherMember]],
      ]);
    });
  });
});

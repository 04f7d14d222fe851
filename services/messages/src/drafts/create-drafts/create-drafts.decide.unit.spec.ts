import { MAX_DRAFTS_PER_USER, type DraftInput } from '@zulip-es/contracts';
import { channel } from '../../testing/channels.fixtures';
import { contextOf, organization, U } from '../../testing/users.fixtures';
import type { ChannelState } from '../../channels/channel.state';
import { DRAFTS_PER_USER, noDrafts, type DraftsState } from '../drafts.state';
import { decideCreateDrafts } from './create-drafts.decide';
import type { MessagesNewEvent } from '../../shared/messages-new-event';

const NOW = new Date('2026-03-01T12:00:00.123456Z');
const users = organization();
const enabled = { enabled: true, disabledAt: 0 };
const targets = (...channels: ChannelState[]) => ({
  ctx: contextOf(users, U.member),
  channel: (id: number) => channels.find((c) => c.channelId === id) ?? null,
  actorSubscriptions: { userId: U.member, subscriptions: [] },
});
const draft = (overrides: Partial<DraftInput> = {}): DraftInput => ({
  type: 'stream',
  to: [3],
  topic: 'plans',
  content: 'Hello',
  timestamp: 1_700_000_000,
  ...overrides,
});
const create = (drafts: DraftInput[], state: { drafts?: DraftsState; sync?: typeof enabled; channels?: ChannelState[] } = {}) =>
  decideCreateDrafts(
    { drafts },
    { drafts: state.drafts ?? noDrafts(U.member), sync: state.sync ?? enabled, targets: targets(...(state.channels ?? [channel(3)])) },
    NOW,
  );
/** The drafts the events create, in order. */
const createdDrafts = (events: readonly MessagesNewEvent[]) => events.flatMap((e) => (e.type === 'draft.created.v1' ? [e.data.draft] : []));
const refused = (msg: string, status = 400) => expect.objectContaining({ code: 'BAD_REQUEST', msg, status });

describe('creating drafts', () => {
  it('saves each draft in order with ids unique to the owner, numbered after their last draft', () => {
    const before = { ...noDrafts(U.member), lastDraftNumber: 4, version: 6 };
    const { events, reply } = create([draft(), draft({ type: 'private', to: [U.otherMember], topic: 'ignored' })], { drafts: before });
    const base = U.member * DRAFTS_PER_USER;
    expect(reply).toEqual({ ids: [base + 5, base + 6] });
    expect(events).toEqual([
      {
        type: 'draft.created.v1',
        aggregateId: `drafts:${U.member}`,
        sequence: 7,
        data: {
          userId: U.member,
          draft: { id: base + 5, type: 'stream', to: [3], topic: 'plans', content: 'Hello', timestamp: 1_700_000_000 },
        },
      },
      {
        type: 'draft.created.v1',
        aggregateId: `drafts:${U.member}`,
        sequence: 8,
        data: {
          userId: U.member,
          draft: { id: base + 6, type: 'private', to: [U.otherMember], topic: '', content: 'Hello', timestamp: 1_700_000_000 },
        },
      },
    ]);
  });

  it('fills an absent timestamp with the time of the decision, to the microsecond', () => {
    const { events } = create([draft({ timestamp: null })]);
    expect(createdDrafts(events)[0].timestamp).toBe(1772366400.123);
  });

  it('normalises content and topic as Zulip does for messages', () => {
    const long = 'x'.repeat(70);
    const { events } = create([draft({ content: '\n\n  body  \n', topic: long })]);
    expect(createdDrafts(events)[0]).toMatchObject({ content: '  body', topic: `${'x'.repeat(57)}...` });
  });

  it('keeps a direct draft as the conversation: the others, ascending, or the owner alone', () => {
    const to = (list: number[]) => createdDrafts(create([draft({ type: 'private', to: list })]).events)[0].to;
    expect(to([U.otherMember, U.member, U.admin, U.admin])).toEqual([U.admin, U.otherMember]);
    expect(to([U.member])).toEqual([U.member]);
  });

  it('stores unaddressed drafts and direct drafts to nobody without recipient', () => {
    const { events } = create([draft({ type: '', to: [3], topic: 't' }), draft({ type: 'private', to: [] })]);
    expect(createdDrafts(events)).toEqual([
      expect.objectContaining({ type: '', to: [], topic: '' }),
      expect.objectContaining({ type: '', to: [], topic: '' }),
    ]);
  });

  it.each([
    ['null bytes in the content', draft({ content: 'a\0b' }), 'Message must not contain null bytes'],
    ['null bytes in a channel topic', draft({ topic: 'a\0b' }), 'Topic must not contain null bytes'],
    ['a negative timestamp', draft({ timestamp: -1 }), 'Timestamp must not be negative.'],
    ['no channel', draft({ to: [] }), 'Must specify exactly 1 channel ID for channel messages'],
    ['two channels', draft({ to: [3, 4] }), 'Must specify exactly 1 channel ID for channel messages'],
    ['an unknown channel', draft({ to: [99] }), 'Invalid channel ID'],
    ['an unknown user', draft({ type: 'private', to: [U.otherMember, 999] }), 'Invalid user ID 999'],
    [
      'a deactivated user',
      draft({ type: 'private', to: [U.deactivated] }),
      `'person${U.deactivated}@example.com' is no longer using Zulip.`,
    ],
  ])('refuses %s', (_case, input, msg) => {
    expect(() => create([draft(), input])).toThrow(refused(msg));
  });

  it('refuses a private channel the owner cannot read', () => {
    expect(() => create([draft()], { channels: [channel(3, { inviteOnly: true })] })).toThrow(refused('Invalid channel ID'));
  });

  it('refuses everything while synchronization is off', () => {
    expect(() => create([draft()], { sync: { enabled: false, disabledAt: 9 } })).toThrow(
      refused('User has disabled synchronizing drafts.'),
    );
  });

  it('first deletes the drafts of a turning-off not yet applied', () => {
    const base = U.member * DRAFTS_PER_USER;
    const { events, reply } = create([draft()], {
      drafts: { ...noDrafts(U.member), draftNumbers: [1], lastDraftNumber: 1, version: 1 },
      sync: { enabled: true, disabledAt: 12 },
    });
    expect(events.map((e) => [e.type, e.sequence])).toEqual([
      ['drafts.cleared.v1', 2],
      ['draft.created.v1', 3],
    ]);
    expect(events[0].data).toEqual({ userId: U.member, draftIds: [base + 1], userSequence: 12 });
    expect(reply).toEqual({ ids: [base + 2] });
  });

  describe(`a user keeps at most ${MAX_DRAFTS_PER_USER} drafts`, () => {
    const holding = (count: number): DraftsState => ({
      ...noDrafts(U.member),
      draftNumbers: Array.from({ length: count }, (_, i) => i + 1),
      lastDraftNumber: count + 5,
      version: count + 5,
    });

    it('saves drafts up to the limit', () => {
      expect(create([draft(), draft()], { drafts: holding(MAX_DRAFTS_PER_USER - 2) }).events).toHaveLength(2);
    });

    it('refuses a request that would go past it, saving none of it', () => {
      expect(() => create([draft(), draft()], { drafts: holding(MAX_DRAFTS_PER_USER - 1) })).toThrow(
        refused(`You may keep at most ${MAX_DRAFTS_PER_USER} drafts: you have ${MAX_DRAFTS_PER_USER - 1}, and this request saves 2 more.`),
      );
      expect(() => create([draft()], { drafts: holding(MAX_DRAFTS_PER_USER) })).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
    });

    it('counts neither deleted drafts nor those a turning-off not yet applied deletes', () => {
      const deletedMost = { ...holding(3), lastDraftNumber: 5_000 };
      expect(create([draft()], { drafts: deletedMost }).reply).toEqual({ ids: [U.member * DRAFTS_PER_USER + 5_001] });
      expect(
        create([draft()], { drafts: holding(MAX_DRAFTS_PER_USER), sync: { enabled: true, disabledAt: 9 } }).events.map((e) => e.type),
      ).toEqual(['drafts.cleared.v1', 'draft.created.v1']);
    });
  });
});

import { MAX_IDS_PER_REQUEST, type UnreadMessageDetails } from '@zulip-es/contracts';
import { MAX_APPEND_BYTES } from '@zulip-es/platform';
import { U } from '../../testing/users.fixtures';
import { MAX_UNREAD_MESSAGES } from '../user-flags.state';
import { decideFlagChange, type ChangeTargets, type FlagsState } from './update-flags.decide';

const given = (over: Partial<FlagsState> = {}): FlagsState => ({
  userId: U.member,
  version: 4,
  recordedThrough: 20,
  lastMessageId: 30,
  unrecorded: [28, 25],
  ...over,
});
const recorded = { userId: U.member, version: 4, recordedThrough: 30, lastMessageId: 30, unrecorded: [] };
const inTopic = (topic: string, mentioned = false): UnreadMessageDetails => ({
  type: 'stream',
  channelId: 7,
  topic,
  mentioned,
  unmutedStreamMsg: true,
});
const targets = (eligible: number[], flagged: number[], details?: Map<number, UnreadMessageDetails>): ChangeTargets => ({
  eligible,
  flagged: new Set(flagged),
  ...(details ? { details } : {}),
});

describe('changing a flag', () => {
  it('records the unread messages received since the last record, then changes only those whose flag turns', () => {
    const events = decideFlagChange({ flag: 'read', op: 'add' }, given(), targets([28, 12, 28], [12]));
    expect(events).toEqual([
      {
        type: 'unread_messages.recorded.v1',
        aggregateId: `flags:${U.member}`,
        sequence: 5,
        data: { userId: U.member, throughMessageId: 30, messageIds: [25, 28] },
      },
      {
        type: 'message_flags.updated.v2',
        aggregateId: `flags:${U.member}`,
        sequence: 6,
        data: { userId: U.member, flag: 'read', op: 'add', messageIds: [28] },
      },
    ]);
  });

  it('changes nothing when no flag turns, and records nothing when nothing was received since', () => {
    expect(decideFlagChange({ flag: 'starred', op: 'remove' }, recorded, targets([5, 6], []))).toEqual([]);
  });

  it('marking unread names where the messages are, grouped by topic and conversation, with those that mention the user', () => {
    const details = new Map<number, UnreadMessageDetails>([
      [3, inTopic('lunch')],
      [4, { type: 'private', userIds: [U.member, U.otherMember], mentioned: false }],
      [5, inTopic('lunch', true)],
      [6, inTopic('Lunch')],
    ]);
    const [event] = decideFlagChange({ flag: 'read', op: 'remove' }, recorded, targets([6, 5, 4, 3], [3, 4, 5, 6], details));
    expect(event!.data).toEqual({
      userId: U.member,
      flag: 'read',
      op: 'remove',
      messageIds: [3, 4, 5, 6],
      places: [
        { type: 'stream', channelId: 7, topic: 'lunch', unmutedStreamMsg: true, messageIds: [3, 5], mentionedIds: [5] },
        { type: 'private', userIds: [U.member, U.otherMember], messageIds: [4] },
        { type: 'stream', channelId: 7, topic: 'Lunch', unmutedStreamMsg: true, messageIds: [6] },
      ],
    });
  });

  it('fits one append with the most a request names marked unread across 100 long topics, after recording the most unread messages kept', () => {
    const base = 100_000_000;
    const unrecorded = Array.from({ length: MAX_UNREAD_MESSAGES }, (_, i) => base + i);
    const ids = unrecorded.slice(-MAX_IDS_PER_REQUEST);
    const details = new Map(ids.map((id, i) => [id, inTopic(`${'ü'.repeat(55)} ${i % 100}`, i % 10 === 0)]));
    const events = decideFlagChange(
      { flag: 'read', op: 'remove' },
      given({ recordedThrough: base - 1, lastMessageId: base + MAX_UNREAD_MESSAGES, unrecorded }),
      targets(ids, ids, details),
    );
    expect(events.map((e) => e.type)).toEqual(['unread_messages.recorded.v1', 'message_flags.updated.v2']);
    const bytes = events.reduce((sum, e) => sum + Buffer.byteLength(JSON.stringify(e)), 0);
    expect(bytes).toBeLessThan(MAX_APPEND_BYTES * 0.8);
  });
});

import type { Received } from './received-messages';
import { ReceivedRun } from './received-run';
import { unreadMsgs } from './unread-msgs';

const ME = 7;

const inChannel = (id: number, channelId: number, topic: string): Received => ({
  id,
  senderId: 9,
  senderUnread: false,
  channelWildcard: false,
  place: { type: 'channel', channelId, topic },
});
const direct = (id: number, userIds: number[]): Received => ({
  id,
  senderId: 9,
  senderUnread: false,
  channelWildcard: false,
  place: { type: 'direct', userIds },
});

/** `messages` given newest first, as the unread view reads them. */
const unreadOf = (messages: Received[], mentioning: number[] = []) => unreadMsgs(ME, runOf(messages), new Set(mentioning), 'general chat');
const runOf = (messages: Received[]) => ({
  run: new ReceivedRun(
    Uint32Array.from(messages, (m) => m.id),
    Uint32Array.from(messages, (_, i) => i),
    messages,
  ),
  oldUnreadsMissing: false,
});

describe('unread_msgs', () => {
  it('groups channel messages by channel and topic without case, named as the newest message names the topic, ids ascending', () => {
    const unread = unreadOf([inChannel(14, 3, 'Lunch'), inChannel(12, 3, 'lunch'), inChannel(11, 3, 'dinner')]);
    expect(unread.streams).toEqual([
      { stream_id: 3, topic: 'dinner', unread_message_ids: [11] },
      { stream_id: 3, topic: 'Lunch', unread_message_ids: [12, 14] },
    ]);
  });

  it('names a topic as its newest message does, whatever order the run met its spellings in', () => {
    const [older, newer] = [inChannel(0, 3, 'lunch'), inChannel(0, 3, 'Lunch')];
    const run = new ReceivedRun(Uint32Array.from([14, 12]), Uint32Array.from([1, 0]), [older, newer]);
    expect(unreadMsgs(ME, { run, oldUnreadsMissing: false }, new Set(), 'general chat').streams).toEqual([
      { stream_id: 3, topic: 'Lunch', unread_message_ids: [12, 14] },
    ]);
  });

  it('orders topics as Zulip sorts its (channel, lowercased topic) keys: by code point, not by locale', () => {
    const unread = unreadOf([
      inChannel(15, 3, 'Ärger'),
      inChannel(14, 3, 'zebra'),
      inChannel(13, 3, 'Lunch'),
      inChannel(12, 2, 'ärger'),
      inChannel(11, 2, 'b'),
    ]);
    expect(unread.streams.map((s) => [s.stream_id, s.topic])).toEqual([
      [2, 'b'],
      [2, 'ärger'],
      [3, 'Lunch'],
      [3, 'zebra'],
      [3, 'Ärger'],
    ]);
  });

  it('orders the topic without a name by the name it is shown with, as Zulip keys it', () => {
    const messages = [inChannel(13, 3, 'zebra'), inChannel(12, 3, 'aardvark'), inChannel(11, 3, '')];
    expect(unreadMsgs(ME, runOf(messages), new Set(), 'general chat').streams.map((s) => s.topic)).toEqual([
      'aardvark',
      'general chat',
      'zebra',
    ]);
    expect(unreadMsgs(ME, runOf(messages), new Set(), '').streams.map((s) => s.topic)).toEqual(['', 'aardvark', 'zebra']);
  });

  it('groups one-to-one conversations by the other user (oneself for one’s own), group conversations by their users, and counts every message', () => {
    const unread = unreadOf([direct(23, [ME]), direct(22, [ME, 9, 10]), direct(21, [ME, 9]), direct(20, [ME, 9])], [21]);
    expect(unread).toEqual({
      count: 4,
      pms: [
        { other_user_id: ME, sender_id: ME, unread_message_ids: [23] },
        { other_user_id: 9, sender_id: 9, unread_message_ids: [20, 21] },
      ],
      streams: [],
      huddles: [{ user_ids_string: `${ME},9,10`, unread_message_ids: [22] }],
      mentions: [21],
      old_unreads_missing: false,
    });
  });
});

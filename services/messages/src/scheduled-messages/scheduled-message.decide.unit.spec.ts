import {
  accessScheduled,
  decideEditScheduled,
  decideSchedule,
  deliveredEvents,
  failedEvents,
  isDue,
  type CheckedMessage,
} from './scheduled-message.decide';
import type { ScheduledMessageState } from './scheduled-message.state';
import { evolveScheduledMessage } from './scheduled-message.state';
import { addresseeOf } from './schedule-request';
import { normalizeNote, reminderContent } from './reminder-content';
import type { MessagesNewEvent } from '../shared/messages-new-event';

const checked: CheckedMessage = {
  conversation: { type: 'channel', channelId: 3, topic: 'later' },
  content: 'hi',
  renderedContent: '<p>hi</p>',
  readBySender: true,
};
const stored = (overrides: Partial<ScheduledMessageState> = {}): ScheduledMessageState => ({
  scheduledMessageId: 7,
  senderId: 5,
  kind: 'send_later',
  ...checked,
  deliverAt: 1000,
  client: 'test',
  failed: false,
  status: 'scheduled',
  version: 1,
  ...overrides,
});
const refused = (msg: string) => expect.objectContaining({ msg });

describe('scheduled messages', () => {
  it('schedules with the next id, within the bound of undelivered ones', () => {
    const { events, id } = decideSchedule(
      { kind: 'send_later', senderId: 5, deliverAt: 1000, client: 'test', checked },
      { lastScheduledMessageId: 6, scheduledCount: 0 },
    );
    expect(id).toBe(7);
    const { status: _status, version: _version, ...data } = stored();
    expect(events).toEqual([{ type: 'scheduled_message.created.v1', aggregateId: 'scheduled_message:7', sequence: 1, data }]);
    expect(() =>
      decideSchedule(
        { kind: 'send_later', senderId: 5, deliverAt: 1000, client: 'test', checked },
        { lastScheduledMessageId: 6, scheduledCount: 1000 },
      ),
    ).toThrow(refused('You can have at most 1000 scheduled messages and reminders.'));
  });

  it("finds only the sender's own, of the kind asked, not deleted, else a 404", () => {
    expect(accessScheduled(stored(), 5, 'send_later').scheduledMessageId).toBe(7);
    for (const [message, actor, kind] of [
      [stored(), 6, 'send_later'],
      [stored(), 5, 'reminder'],
      [stored({ status: 'deleted' }), 5, 'send_later'],
      [null, 5, 'send_later'],
    ] as const) {
      expect(() => accessScheduled(message, actor, kind)).toThrow(expect.objectContaining({ status: 404 }));
    }
  });

  it('edits a scheduled message, clearing a failure only with a new time; a delivered one is refused', () => {
    const [event] = decideEditScheduled(stored({ failed: true, failureMessage: 'x' }), { deliverAt: 2000, topic: 'new', client: 'web' });
    expect(event).toMatchObject({
      type: 'scheduled_message.edited.v1',
      sequence: 2,
      data: { failed: false, deliverAt: 2000, client: 'web', conversation: { type: 'channel', channelId: 3, topic: 'new' } },
    });
    expect(event!.data).not.toHaveProperty('failureMessage');
    expect(() => decideEditScheduled(stored({ failed: true }), { client: 'web' })).toThrow(
      refused('Scheduled delivery time must be in the future.'),
    );
    expect(() => decideEditScheduled(stored({ status: 'delivered' }), { client: 'web', deliverAt: 2000 })).toThrow(
      refused('Scheduled message was already sent'),
    );
  });

  it('delivers only a message still due at the time its job was made for', () => {
    expect(isDue(stored(), 1000)).toBe(true);
    expect(isDue(stored(), 999)).toBe(false);
    expect(isDue(stored({ failed: true }), 1000)).toBe(false);
    expect(isDue(stored({ status: 'delivered' }), 1000)).toBe(false);
    const sent: MessagesNewEvent[] = [
      {
        type: 'message.sent.v1',
        aggregateId: 'messages',
        sequence: 40,
        data: { messageId: 99, senderId: 5, ...checked, recipientId: 3, sentAt: '1970-01-01T00:16:40.000Z', client: 'test' },
      },
    ];
    const events = deliveredEvents(stored(), sent);
    expect(events.at(-1)).toEqual({
      type: 'scheduled_message.delivered.v1',
      aggregateId: 'scheduled_message:7',
      sequence: 2,
      data: { scheduledMessageId: 7, senderId: 5, kind: 'send_later', messageId: 99 },
    });
    const state = events.slice(1).reduce((s, e) => evolveScheduledMessage(s, e as never, e.sequence), stored());
    expect(state).toMatchObject({ status: 'delivered', deliveredMessageId: 99 });
    expect(failedEvents(stored(), 'Nope')[0]!.data).toMatchObject({ failed: true, failureMessage: 'Nope' });
  });

  it("reads Zulip's type and to", () => {
    expect(() => addresseeOf('channel', [3], 't')).toThrow(refused('Invalid data type for channel ID'));
    expect(() => addresseeOf('direct', 3, undefined)).toThrow(refused('Invalid data type for recipients'));
    expect(() => addresseeOf('direct', [], undefined)).toThrow(refused('Message must have recipients'));
  });

  it("writes Zulip's reminder text, quoting the message and the note", () => {
    const realmUrl = 'https://chat.example.com';
    const message = {
      messageId: 42,
      content: 'Ship it',
      senderMention: '@_**Ann|3**',
      place: { kind: 'channel' as const, channelId: 3, channelName: 'dev', topic: 'plans' },
    };
    expect(reminderContent(message, 'check', realmUrl)).toBe(
      'You requested a reminder for #**dev>plans@42**. Note:\n > check\n\n@_**Ann|3** [said](https://chat.example.com/#narrow/channel/3-dev/topic/plans/near/42):\n```quote\nShip it\n```',
    );
    expect(reminderContent({ ...message, content: '/poll Lunch?', place: { kind: 'direct', userIds: [3, 5] } }, '', realmUrl)).toBe(
      'You requested a reminder for the following direct message.\n\n@_**Ann|3** [sent](https://chat.example.com/#narrow/dm/3,5/near/42) a poll.',
    );
    expect(normalizeNote('\n\nnote  \n')).toBe('note  '.trimEnd());
    expect(() => normalizeNote('n'.repeat(1001))).toThrow(refused('Maximum reminder note length: 1000 characters'));
  });
});

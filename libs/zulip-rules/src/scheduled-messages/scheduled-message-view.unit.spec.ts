import type { ScheduledMessage } from '@zulip-es/contracts';
import { recipientOf, reminderView, scheduledMessageView } from './scheduled-message-view';

const scheduled = (overrides: Partial<ScheduledMessage> = {}): ScheduledMessage => ({
  scheduledMessageId: 12,
  senderId: 5,
  kind: 'send_later',
  conversation: { type: 'channel', channelId: 3, topic: 'plans' },
  content: 'Ship it',
  renderedContent: '<p>Ship it</p>',
  deliverAt: 1800000000,
  readBySender: true,
  client: 'test',
  failed: false,
  ...overrides,
});

describe("a scheduled message as Zulip's API shows it", () => {
  it("answers a conversation as Zulip's get_recipient_ids lists it", () => {
    expect(recipientOf({ type: 'channel', channelId: 3, topic: 'plans' }, 5)).toEqual({ type: 'stream', to: 3, topic: 'plans' });
    expect(recipientOf({ type: 'direct', userIds: [5, 9] }, 5)).toEqual({ type: 'private', to: [9] });
    expect(recipientOf({ type: 'direct', userIds: [5] }, 5)).toEqual({ type: 'private', to: [5] });
    expect(recipientOf({ type: 'direct', userIds: [1, 5, 9] }, 5)).toEqual({ type: 'private', to: [1, 5, 9] });
  });

  it('shows a scheduled message as to_dict does', () => {
    expect(scheduledMessageView(scheduled())).toEqual({
      scheduled_message_id: 12,
      type: 'stream',
      to: 3,
      topic: 'plans',
      content: 'Ship it',
      rendered_content: '<p>Ship it</p>',
      scheduled_delivery_timestamp: 1800000000,
      failed: false,
    });
  });

  it('shows a reminder as to_reminder_dict does', () => {
    const reminder = scheduled({ kind: 'reminder', conversation: { type: 'direct', userIds: [5] }, reminderTargetMessageId: 42 });
    expect(reminderView(reminder)).toEqual({
      reminder_id: 12,
      to: [5],
      type: 'private',
      content: 'Ship it',
      rendered_content: '<p>Ship it</p>',
      scheduled_delivery_timestamp: 1800000000,
      failed: false,
      reminder_target_message_id: 42,
    });
  });
});

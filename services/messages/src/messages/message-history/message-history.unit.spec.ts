import type { MessageState } from '../message.state';
import { messageHistory } from './message-history';

const message = (overrides: Partial<MessageState> = {}): MessageState => ({
  messageId: 9,
  senderId: 5,
  conversation: { type: 'channel', channelId: 3, topic: 'party at my house' },
  recipientId: 30,
  content: 'Howdy!',
  renderedContent: '<p>Howdy!</p>',
  timestamp: 1530129122,
  client: 'test',
  version: 1,
  ...overrides,
});

describe('message history snapshots', () => {
  it('answers only the message as sent when it was never edited', () => {
    expect(messageHistory(message(), [], false)).toEqual([
      { content: 'Howdy!', rendered_content: '<p>Howdy!</p>', timestamp: 1530129122, topic: 'party at my house', user_id: 5 },
    ]);
  });

  it("walks back from the newest edit, oldest first, as Zulip's example shows", () => {
    const history = messageHistory(
      message(),
      [
        {
          user_id: 5,
          timestamp: 1530129134,
          prev_content: 'Hello!',
          prev_rendered_content: '<p>Hello!</p>',
          prev_topic: 'party at my houz',
          topic: 'party at my house',
        },
      ],
      false,
    );
    expect(history).toEqual([
      { content: 'Hello!', rendered_content: '<p>Hello!</p>', timestamp: 1530129122, topic: 'party at my houz', user_id: 5 },
      {
        content: 'Howdy!',
        rendered_content: '<p>Howdy!</p>',
        prev_content: 'Hello!',
        prev_rendered_content: '<p>Hello!</p>',
        content_html_diff: expect.stringContaining('highlight_text_inserted'),
        topic: 'party at my house',
        prev_topic: 'party at my houz',
        timestamp: 1530129134,
        user_id: 5,
      },
    ]);
  });

  it('carries channel moves, and names the empty topic unless the client takes it', () => {
    const moved = message({ conversation: { type: 'channel', channelId: 4, topic: '' } });
    const entries = [{ user_id: 7, timestamp: 1530129200, prev_stream: 3, stream: 4, prev_topic: 'old', topic: '' }];
    expect(messageHistory(moved, entries, false)[1]).toEqual(
      expect.objectContaining({ prev_stream: 3, stream: 4, topic: 'general chat', prev_topic: 'old', user_id: 7 }),
    );
    expect(messageHistory(moved, entries, true)[1]).toEqual(expect.objectContaining({ topic: '' }));
    expect(messageHistory(moved, entries, false)[0]).toEqual(expect.objectContaining({ topic: 'old', content: 'Howdy!' }));
  });
});

import { submessageView } from './submessage-view';

describe('a submessage in a message payload', () => {
  it("is Zulip's row: its id, the message's id, the sender, the type and the JSON content", () => {
    const vote = { submessageId: 7, senderId: 4, msgType: 'widget', content: '{"type":"vote","key":"4,1","vote":1}' };
    expect(submessageView(42, vote)).toEqual({
      id: 7,
      message_id: 42,
      sender_id: 4,
      msg_type: 'widget',
      content: '{"type":"vote","key":"4,1","vote":1}',
    });
  });
});

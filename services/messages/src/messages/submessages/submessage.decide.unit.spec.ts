import type { MessageState } from '../message.state';
import { decideSubmessage, type SubmessageState } from './submessage.decide';

const poll = {
  submessageId: 4,
  senderId: 5,
  msgType: 'widget',
  content: '{"widget_type": "poll", "extra_data": {"question": "Q", "options": []}}',
};
const message = (overrides: Partial<MessageState> = {}): MessageState => ({
  messageId: 9,
  senderId: 5,
  conversation: { type: 'channel', channelId: 3, topic: 't' },
  recipientId: 30,
  content: '/poll Q',
  renderedContent: '<p>/poll Q</p>',
  timestamp: 1,
  client: 'test',
  submessages: [poll],
  version: 4,
  ...overrides,
});
const given = (overrides: Partial<SubmessageState> = {}): SubmessageState => ({
  actorId: 6,
  message: message(),
  messagesVersion: 40,
  ...overrides,
});
const submit = (content: unknown, state = given()) =>
  decideSubmessage({ message_id: 9, msg_type: 'widget', content: typeof content === 'string' ? content : JSON.stringify(content) }, state);
const refused = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });

describe('POST /submessage', () => {
  it('records a vote from any reader, numbered by the event sequence', () => {
    expect(submit({ type: 'vote', key: 'canned,1', vote: 1 }).events).toEqual([
      {
        type: 'submessage.added.v1',
        aggregateId: 'messages',
        sequence: 41,
        data: {
          messageId: 9,
          submessageId: 41,
          senderId: 6,
          msgType: 'widget',
          content: '{"type":"vote","key":"canned,1","vote":1}',
          conversation: { type: 'channel', channelId: 3, topic: 't' },
        },
      },
    ]);
  });

  it('refuses an unreadable message, a first submessage not from the sender, and text that is not JSON', () => {
    expect(() => submit({}, given({ message: null }))).toThrow(refused('Invalid message(s)'));
    expect(() => submit({}, given({ message: message({ submessages: [] }) }))).toThrow(
      refused('You cannot attach a submessage to this message.'),
    );
    expect(submit({ anything: true }, given({ actorId: 5, message: message({ submessages: [] }) })).events).toHaveLength(1);
    expect(() => submit('{not json')).toThrow(refused('Invalid json for submessage'));
  });

  it("checks a poll's changes as Zulip does, the question its author's only", () => {
    expect(() => submit({ type: 'vote', key: 'x', vote: 2 })).toThrow(refused('Invalid poll data["vote"]'));
    expect(() => submit({ type: 'vote', key: 1, vote: 1 })).toThrow(refused('poll data["key"] is not a string'));
    expect(() => submit({ type: 'vote', vote: 1 })).toThrow(refused('key key is missing from poll data'));
    expect(() => submit({ type: 'vote', key: 'x', vote: 1, extra: 1 })).toThrow(refused('Unexpected arguments: extra'));
    expect(() => submit({ type: 'new_option', option: 'o', idx: 1001 })).toThrow(refused('poll data["idx"] is too large'));
    expect(() => submit({ type: 'question', question: 'Q2' })).toThrow(refused("You can't edit a question unless you are the author."));
    expect(submit({ type: 'question', question: 'Q2' }, given({ actorId: 5 })).events).toHaveLength(1);
    expect(() => submit({ type: 'shout' })).toThrow(refused('Unknown type for poll data: shout'));
    expect(() => submit([1])).toThrow(refused('poll data is not a dict'));
  });

  it("checks a to-do list's changes, the title its author's only", () => {
    const todo = { ...poll, content: '{"widget_type": "todo", "extra_data": {"task_list_title": "", "tasks": []}}' };
    const state = given({ message: message({ submessages: [todo] }) });
    expect(submit({ type: 'new_task', key: 3, task: 't', desc: '', completed: false }, state).events).toHaveLength(1);
    expect(() => submit({ type: 'new_task', key: 3, task: 't', desc: '', completed: 0 }, state)).toThrow(
      refused('todo data["completed"] is not a boolean'),
    );
    expect(() => submit({ type: 'new_task_list_title', title: 'x' }, state)).toThrow(
      refused("You can't edit the task list title unless you are the author."),
    );
    expect(() => submit({ type: 'strike', key: 3 }, state)).toThrow(refused('todo data["key"] is not a string'));
  });

  it('closes a message whose submessages reached their bound', () => {
    const full = message({
      submessages: [poll, { ...poll, submessageId: 5, msgType: 'x', content: 'x'.repeat(1_000_000 - poll.content.length) }],
    });
    expect(() => submit({ type: 'vote', key: 'x', vote: 1 }, given({ message: full }))).toThrow(
      refused('A message keeps at most 1000000 characters of submessages.'),
    );
  });
});

import { createHash } from 'node:crypto';
import { channelMessage } from '../../testing/messages.fixtures';
import { U } from '../../testing/users.fixtures';
import type { MessageState } from '../message.state';
import { editRequest, type EditMessageParams } from './edit-request';
import {
  checkDirectMessageEdit,
  checkNotResolvingGeneralChat,
  checkNotWidget,
  checkPropagateMode,
  validateEditPayload,
  wantedChanges,
} from './edit-payload';

const request = (params: Partial<EditMessageParams>) =>
  editRequest({
    message_id: 20,
    propagate_mode: 'change_one',
    send_notification_to_old_thread: false,
    send_notification_to_new_thread: true,
    ...params,
  });

const dm = (): MessageState => channelMessage({ conversation: { type: 'direct', userIds: [U.member, U.otherMember] }, recipientId: 16 });
const poll = (): MessageState =>
  channelMessage({ submessages: [{ submessageId: 1, senderId: U.member, msgType: 'widget', content: '{}' }] });

const validate = (params: Partial<EditMessageParams>, message = channelMessage()) => {
  const edit = request(params);
  return validateEditPayload(edit, message, wantedChanges(edit, message));
};

const refused = (msg: string, code = 'BAD_REQUEST') => expect.objectContaining({ msg, code });

describe('what an edit asks to change', () => {
  it("given the message's own topic and channel, when they are read, then neither is a change", () => {
    expect(wantedChanges(request({ topic: 'lunch', stream_id: 5 }), channelMessage())).toEqual({ topic: undefined, channelId: undefined });
  });

  it('given another topic and channel, when they are read, then both are changes', () => {
    expect(wantedChanges(request({ topic: 'dinner', stream_id: 6 }), channelMessage())).toEqual({ topic: 'dinner', channelId: 6 });
  });

  it('given a direct message, when a topic or channel is asked, then it counts as a change', () => {
    expect(wantedChanges(request({ topic: '', stream_id: 5 }), dm())).toEqual({ topic: '', channelId: 5 });
  });
});

describe('checks of the payload, each alone', () => {
  it('given a direct message, when its own raw request names a channel and a topic, then the channel is refused first', () => {
    expect(() => checkDirectMessageEdit(request({ stream_id: 5, topic: 'x' }), dm())).toThrow(
      refused('Direct messages cannot be moved to channels.'),
    );
    expect(() => checkDirectMessageEdit(request({ stream_id: 5, topic: 'x' }), channelMessage())).not.toThrow();
  });

  it('given change_later or change_all, when only the content changes, then the mode is refused; with a channel change it is not', () => {
    const contentOnly = request({ content: 'x', propagate_mode: 'change_later' });
    expect(() => checkPropagateMode(contentOnly, wantedChanges(contentOnly, channelMessage()))).toThrow(
      refused('Invalid propagate_mode without topic edit'),
    );
    const channelMove = request({ stream_id: 6, propagate_mode: 'change_all' });
    expect(() => checkPropagateMode(channelMove, wantedChanges(channelMove, channelMessage()))).not.toThrow();
  });

  it('given "✔" or "✔ general chat", when asked as the topic, then resolving general chat is refused; "✔ lunch" is not', () => {
    expect(() => checkNotResolvingGeneralChat('✔')).toThrow(refused('General chat cannot be marked as resolved'));
    expect(() => checkNotResolvingGeneralChat('✔ general chat')).toThrow(refused('General chat cannot be marked as resolved'));
    expect(() => checkNotResolvingGeneralChat('✔ lunch')).not.toThrow();
    expect(() => checkNotResolvingGeneralChat(undefined)).not.toThrow();
  });

  it('given a message with a widget, when its content is edited, then it is refused; a move of it is not', () => {
    expect(() => checkNotWidget(request({ content: 'x' }), poll())).toThrow(refused('Widgets cannot be edited.'));
    expect(() => checkNotWidget(request({ topic: 'dinner' }), poll())).not.toThrow();
  });
});

describe("the payload's checks in Zulip's order (the first failing one answers)", () => {
  it('given a direct message and no change, when checked, then Nothing to change comes before the direct-message rules', () => {
    expect(() => validate({ propagate_mode: 'change_all' }, dm())).toThrow(refused('Nothing to change'));
  });

  it('given a direct message given a topic and change_all, when checked, then the direct-message rule comes before the mode', () => {
    expect(() => validate({ topic: 'x', propagate_mode: 'change_all' }, dm())).toThrow(refused('Direct messages cannot have topics.'));
  });

  it('given general chat to resolve with content and a channel, when checked, then the resolve is refused before the content', () => {
    const message = channelMessage({ conversation: { type: 'channel', channelId: 5, topic: '' } });
    expect(() => validate({ topic: '✔ ', content: 'x', stream_id: 6 }, message)).toThrow(
      refused('General chat cannot be marked as resolved'),
    );
  });

  it('given an invalid topic with content and a channel, when checked, then the topic is refused before the content', () => {
    expect(() => validate({ topic: 'a\u0001', content: 'x', stream_id: 6 })).toThrow(refused('Invalid character in topic, at position 2!'));
  });

  it('given content and a channel for a widget with a stale hash, when checked, then the channel comes first, then the widget, then the hash', () => {
    expect(() => validate({ content: 'x', stream_id: 6, prev_content_sha256: 'abc' }, poll())).toThrow(
      refused('Cannot change message content while changing channel'),
    );
    expect(() => validate({ content: 'x', prev_content_sha256: 'abc' }, poll())).toThrow(refused('Widgets cannot be edited.'));
    expect(() => validate({ content: 'x', prev_content_sha256: 'abc' })).toThrow(
      refused("'prev_content_sha256' value does not match the expected value.", 'EXPECTATION_MISMATCH'),
    );
  });

  it('given a valid payload, when checked, then the destination topic is the wanted one truncated, else the current one', () => {
    expect(validate({ topic: 'x'.repeat(70) })).toBe(`${'x'.repeat(57)}...`);
    const hash = createHash('sha256').update('hello').digest('hex');
    expect(validate({ content: 'x', prev_content_sha256: hash })).toBe('lunch');
    expect(validate({ content: 'x' }, dm())).toBe('');
  });
});

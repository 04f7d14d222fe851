import { api, createChannel, createUser, uniqueChannelName, type Credentials } from '@zulip-es/testing';
import { edit, send, SUCCESS } from '../edit-message/edit-message.int-helpers';

const history = (auth: Credentials, id: number, params: Record<string, unknown> = {}) =>
  api('GET', `/messages/${id}/history`, { auth, params });

describe('GET /messages/{message_id}/history', () => {
  it('answers every version of the message oldest first, each edit with what it changed and a diff of the rendering', async () => {
    const user = await createUser({ label: 'history-author' });
    const name = uniqueChannelName('history');
    await createChannel({ name, subscribers: [user.userId] });
    const id = await send(user, { type: 'stream', to: name, topic: 'party at my houz', content: 'Hello!' });
    expect((await history(user, id)).body).toEqual({
      result: 'success',
      msg: '',
      message_history: [
        {
          content: 'Hello!',
          rendered_content: '<p>Hello!</p>',
          timestamp: expect.any(Number),
          topic: 'party at my houz',
          user_id: user.userId,
        },
      ],
    });

    expect((await edit(user, id, { content: 'Howdy!', topic: 'party at my house', send_notification_to_new_thread: false })).body).toEqual(
      SUCCESS,
    );
    expect((await edit(user, id, { topic: '', send_notification_to_new_thread: false })).body).toEqual(SUCCESS);
    const { message_history } = (await history(user, id)).body as { message_history: Record<string, unknown>[] };
    expect(message_history).toEqual([
      expect.objectContaining({ content: 'Hello!', topic: 'party at my houz', user_id: user.userId }),
      expect.objectContaining({
        content: 'Howdy!',
        rendered_content: '<p>Howdy!</p>',
        prev_content: 'Hello!',
        prev_rendered_content: '<p>Hello!</p>',
        content_html_diff:
          '<div><p><span class="highlight_text_deleted">Hello!</span> <span class="highlight_text_inserted">Howdy!</span></p></div>',
        topic: 'party at my house',
        prev_topic: 'party at my houz',
      }),
      {
        content: 'Howdy!',
        rendered_content: '<p>Howdy!</p>',
        topic: 'general chat',
        prev_topic: 'party at my house',
        timestamp: expect.any(Number),
        user_id: user.userId,
      },
    ]);
    expect(((await history(user, id, { allow_empty_topic_name: true })).body.message_history as { topic: string }[])[2]!.topic).toBe('');
  });

  it('answers Invalid message(s) for a message the caller may not read, or that does not exist', async () => {
    const [author, outsider] = await Promise.all([createUser({ label: 'history-private' }), createUser({ label: 'history-outsider' })]);
    const name = uniqueChannelName('history-private');
    await createChannel({ name, subscribers: [author.userId], invite_only: true });
    const id = await send(author, { type: 'stream', to: name, topic: 't', content: 'secret' });
    for (const [auth, messageId] of [
      [outsider, id],
      [author, 2 ** 31 - 1],
    ] as const) {
      const res = await history(auth, messageId);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
    }
  });
});

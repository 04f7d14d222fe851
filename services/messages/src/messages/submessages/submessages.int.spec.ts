import { api, createChannel, createUser, TestEventQueue, uniqueChannelName, type Credentials } from '@zulip-es/testing';
import { edit, send } from '../edit-message/edit-message.int-helpers';

const submit = (auth: Credentials, messageId: number, content: unknown) =>
  api('POST', '/submessage', { auth, params: { message_id: messageId, msg_type: 'widget', content: JSON.stringify(content) } });
const readOne = async (auth: Credentials, id: number) =>
  (await api('GET', `/messages/${id}`, { auth })).body.message as { submessages: Record<string, unknown>[] };
const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });

describe('polls and to-do lists (submessages)', () => {
  it('gives a /poll message its widget, lets readers vote, and tells every reader', async () => {
    const [author, voter, outsider] = await Promise.all(
      ['author', 'voter', 'outsider'].map((label) => createUser({ label: `poll-${label}` })),
    );
    const name = uniqueChannelName('poll');
    await createChannel({ name, subscribers: [author.userId, voter.userId], invite_only: true });
    const queue = await TestEventQueue.register(voter, { event_types: ['message', 'submessage'] });

    const id = await send(author, { type: 'stream', to: name, topic: 'lunch', content: '/poll Lunch?\n- pizza\n- salad' });
    const widget = {
      message_id: id,
      sender_id: author.userId,
      msg_type: 'widget',
      content: '{"widget_type": "poll", "extra_data": {"question": "Lunch?", "options": ["pizza", "salad"]}}',
    };
    const sent = await queue.waitFor((e) => e.type === 'message' && (e.message as { id: number }).id === id);
    expect((sent.message as { submessages: unknown[] }).submessages).toEqual([{ id: expect.any(Number), ...widget }]);
    expect((await readOne(voter, id)).submessages).toEqual([{ id: expect.any(Number), ...widget }]);

    const vote = { type: 'vote', key: 'canned,0', vote: 1 };
    expect((await submit(voter, id, vote)).body).toEqual({ result: 'success', msg: '' });
    const told = await queue.waitFor((e) => e.type === 'submessage');
    expect(told).toMatchObject({
      msg_type: 'widget',
      message_id: id,
      sender_id: voter.userId,
      content: JSON.stringify(vote),
      submessage_id: expect.any(Number),
    });
    const submessages = (await readOne(author, id)).submessages;
    expect(submessages).toHaveLength(2);
    expect(submessages[1]).toEqual({
      id: told.submessage_id,
      message_id: id,
      sender_id: voter.userId,
      msg_type: 'widget',
      content: JSON.stringify(vote),
    });
    expect(told.submessage_id as number).toBeGreaterThan(submessages[0]!.id as number);

    expect((await submit(voter, id, { type: 'question', question: 'Dinner?' })).body).toEqual(
      error("You can't edit a question unless you are the author."),
    );
    expect((await submit(voter, id, { type: 'vote', key: 'canned,0', vote: 3 })).body).toEqual(error('Invalid poll data["vote"]'));
    expect(
      (await api('POST', '/submessage', { auth: voter, params: { message_id: id, msg_type: 'widget', content: '{oops' } })).body,
    ).toEqual(error('Invalid json for submessage'));
    expect((await submit(outsider, id, vote)).body).toEqual(error('Invalid message(s)'));
    expect((await edit(author, id, { content: '/poll Dinner?' })).body).toEqual(error('Widgets cannot be edited.'));
    expect((await readOne(author, id)).submessages).toHaveLength(2);
  });

  it('makes a to-do list of /todo, and lets only the sender start submessages on other messages', async () => {
    const [author, reader] = await Promise.all(['author', 'reader'].map((label) => createUser({ label: `todo-${label}` })));
    const todo = await send(author, {
      type: 'direct',
      to: JSON.stringify([reader.userId]),
      content: '/todo Launch\n- docs: for users\n- ship',
    });
    expect((await readOne(reader, todo)).submessages[0]).toMatchObject({
      content:
        '{"widget_type": "todo", "extra_data": {"task_list_title": "Launch", "tasks": [{"task": "docs", "desc": "for users"}, {"task": "ship", "desc": ""}]}}',
    });
    expect((await submit(reader, todo, { type: 'strike', key: '0,canned' })).body).toEqual({ result: 'success', msg: '' });

    const plain = await send(author, { type: 'direct', to: JSON.stringify([reader.userId]), content: 'no widget here' });
    expect((await submit(reader, plain, { anything: 1 })).body).toEqual(error('You cannot attach a submessage to this message.'));
    expect((await submit(author, plain, { anything: 1 })).body).toEqual({ result: 'success', msg: '' });
    expect((await submit(reader, plain, { anything: 2 })).body).toEqual({ result: 'success', msg: '' });
    expect((await edit(author, plain, { content: 'changed' })).body).toEqual(error('Widgets cannot be edited.'));
  });
});

import { api, createChannel, createUser, owner, uniqueChannelName } from '@zulip-es/testing';
import { edit, send, SUCCESS, topicMessages } from './edit-message.int-helpers';

const realmLimit = async (): Promise<number | null> => {
  const res = await api('POST', '/register', { auth: owner(), params: { fetch_event_types: ['realm'] } });
  return res.body.realm_move_messages_within_stream_limit_seconds as number | null;
};
const setLimit = (value: number | null) =>
  api('PATCH', '/realm', { auth: owner(), params: { move_messages_within_stream_limit_seconds: value === null ? '"unlimited"' : value } });

/**
 * The one spec that waits out a real limit: the organization's topic-move limit is set to 1 s
 * (plus Zulip's 20 s grace) and restored afterwards. Every other time-limit rule is covered by
 * the decide unit spec with an explicit clock.
 */
describe('PATCH /messages/{message_id}: whole-topic moves past the time limit', () => {
  let previous: number | null;
  beforeAll(async () => {
    previous = await realmLimit();
    expect((await setLimit(1)).status).toBe(200);
  });
  afterAll(async () => {
    await setLimit(previous);
  });

  it('answers MOVE_MESSAGES_TIME_LIMIT_EXCEEDED with the part the member may move, and the change_later retry from that id moves exactly that part', async () => {
    const member = await createUser({ label: 'late-mover' });
    const name = uniqueChannelName('time-limit');
    await createChannel({ name, subscribers: [member.userId] });
    const old = [
      await send(member, { type: 'stream', to: name, topic: 'lunch', content: 'old 1' }),
      await send(member, { type: 'stream', to: name, topic: 'lunch', content: 'old 2' }),
    ];
    await new Promise((resolve) => setTimeout(resolve, 22_500));
    const recent = [
      await send(member, { type: 'stream', to: name, topic: 'lunch', content: 'new 1' }),
      await send(member, { type: 'stream', to: name, topic: 'lunch', content: 'new 2' }),
    ];

    expect((await edit(member, old[0], { topic: 'dinner' })).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: "The time limit for editing this message's topic has passed.",
    });
    const refused = await edit(member, recent[1], { topic: 'dinner', propagate_mode: 'change_all' });
    expect(refused.body).toEqual({
      result: 'error',
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      msg: 'You only have permission to move the 2/4 most recent messages in this topic.',
      first_message_id_allowed_to_move: recent[0],
      total_messages_allowed_to_move: 2,
      total_messages_in_topic: 4,
    });
    const retry = await edit(member, refused.body.first_message_id_allowed_to_move as number, {
      topic: 'dinner',
      propagate_mode: 'change_later',
      send_notification_to_new_thread: false,
    });
    expect(retry.body).toEqual(SUCCESS);
    expect((await topicMessages(member, name, 'dinner')).map((m) => m.id)).toEqual(recent);
    expect((await topicMessages(member, name, 'lunch')).map((m) => m.id)).toEqual(old);
    // Resolving is not bound by the limit.
    expect((await edit(member, old[0], { topic: '✔ lunch', propagate_mode: 'change_all' })).body).toEqual(SUCCESS);
  }, 60_000);
});

import type { Connection } from 'mongoose';
import { Role } from '@zulip-es/contracts';
import { connectMongo, StackEndpointsSchema } from '@zulip-es/platform';
import { api, createChannel, createUser, uniqueChannelName, type TestUser } from '@zulip-es/testing';
import { MessagesRepository } from '../projection/messages.repository';
import { edit, send } from './edit-message/edit-message.int-helpers';
import { participantIds } from './topic-participants.state';
import { MESSAGES_DATABASE } from '../projection/messages.projection';

describe("a topic's participants (topic_participants), kept from the message events", () => {
  let db: Connection;
  let repo: MessagesRepository;
  let a: TestUser;
  let b: TestUser;
  let name: string;
  let channelId: number;
  beforeAll(async () => {
    db = await connectMongo(StackEndpointsSchema.parse(process.env).MONGO_URL, MESSAGES_DATABASE);
    repo = new MessagesRepository(db);
    [a, b] = [await createUser({ role: Role.ADMINISTRATOR, label: 'participant-a' }), await createUser({ label: 'participant-b' })];
    name = uniqueChannelName('participants');
    channelId = await createChannel({ name, subscribers: [a.userId, b.userId] });
  });
  afterAll(async () => {
    await db.close();
  });

  const participants = async (topic: string) => participantIds(await repo.topicParticipantsOf(channelId, topic));
  const counts = async (topic: string) => (await repo.topicParticipantsOf(channelId, topic))?.messagesBySender ?? null;

  it('follows sends (any case of the name), deletions and moves: a sender stays while one of their messages is in the topic', async () => {
    const first = await send(a, { type: 'stream', to: name, topic: 'Lunch', content: 'one' });
    const second = await send(a, { type: 'stream', to: name, topic: 'lunch', content: 'two' });
    const fromB = await send(b, { type: 'stream', to: name, topic: 'LUNCH', content: 'three' });
    expect(await counts('lunch')).toEqual({ [a.userId]: 2, [b.userId]: 1 });

    expect((await api('DELETE', `/messages/${fromB}`, { auth: a })).status).toBe(200);
    expect(await participants('lunch')).toEqual([a.userId]);

    expect((await edit(a, second, { topic: 'dinner', propagate_mode: 'change_one', send_notification_to_new_thread: false })).status).toBe(
      200,
    );
    expect(await counts('lunch')).toEqual({ [a.userId]: 1 });
    expect(await counts('dinner')).toEqual({ [a.userId]: 1 });

    // A move of the whole topic empties it: no document is left behind.
    expect((await edit(a, first, { topic: 'dinner', propagate_mode: 'change_all', send_notification_to_new_thread: false })).status).toBe(
      200,
    );
    expect(await repo.topicParticipantsOf(channelId, 'lunch')).toBeNull();
    expect(await counts('dinner')).toEqual({ [a.userId]: 2 });
  });

  it('counts the Notification Bot when it posts in the topic, as Zulip counts every sender', async () => {
    const id = await send(b, { type: 'stream', to: name, topic: 'notices', content: 'x' });
    expect(
      (await edit(b, id, { topic: 'noticed', send_notification_to_old_thread: true, send_notification_to_new_thread: false })).status,
    ).toBe(200);
    const left = await api('GET', '/messages', {
      auth: b,
      params: {
        anchor: 'newest',
        num_before: 10,
        num_after: 0,
        narrow: [
          ['channel', name],
          ['topic', 'notices'],
        ],
      },
    });
    const [notice] = left.body.messages as { sender_id: number; sender_email: string }[];
    expect(notice.sender_email).toBe('notification-bot@zulip.com');
    expect(await participants('notices')).toEqual([notice.sender_id]);
  });

  it('is emptied by a topic deletion', async () => {
    for (const author of [a, b, a]) await send(author, { type: 'stream', to: name, topic: 'doomed', content: 'x' });
    expect(await participants('doomed')).toHaveLength(2);
    // The request waits a bounded time; repeated, it joins the job until that completes.
    for (
      let i = 0;
      (await api('POST', `/streams/${channelId}/delete_topic`, { auth: a, params: { topic_name: 'doomed' } })).body.complete !== true;
      i++
    ) {
      if (i > 100) throw new Error('the topic deletion did not complete');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await repo.topicParticipantsOf(channelId, 'doomed')).toBeNull();
  });
});

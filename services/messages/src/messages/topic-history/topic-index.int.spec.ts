import { randomBytes, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { EventEnvelope, MessagesEvent } from '@zulip-es/contracts';
import { connectMongo, StackEndpointsSchema } from '@zulip-es/platform';
import { MessagesProjection } from '../../projection/messages.projection';
import { MessagesRepository } from '../../projection/messages.repository';
import { TopicIndexStore, type TopicIndexChunkDoc, type TopicIndexHeadDoc } from './topic-index-store';
import { wholeTopicHistory } from './topic-history';

/** The topic index as the message events leave it, against a scratch database of the real store. */
describe('the topic index of a channel', () => {
  let db: Connection;
  let repo: MessagesRepository;
  let projection: MessagesProjection;
  let sequence = 0;
  let messageId = 0;

  beforeAll(async () => {
    db = await connectMongo(StackEndpointsSchema.parse(process.env).MONGO_URL, `topic_index_${randomBytes(4).toString('hex')}`);
    repo = new MessagesRepository(db);
    projection = new MessagesProjection(repo);
  });
  afterAll(async () => {
    await db.db!.dropDatabase();
    await db.close();
  });

  const envelopeOf = (event: MessagesEvent, at = ++sequence): EventEnvelope => ({
    eventId: randomUUID(),
    type: event.type,
    aggregateId: 'messages',
    sequence: at,
    time: new Date(0).toISOString(),
    actorId: 1,
    correlationId: 'c',
    causationId: 'c',
    data: event.data,
  });
  const apply = (event: MessagesEvent) => projection.apply(envelopeOf(event));
  async function send(channelId: number, topic: string): Promise<number> {
    const id = ++messageId;
    await apply({
      type: 'message.sent.v1',
      data: {
        messageId: id,
        senderId: 1,
        conversation: { type: 'channel', channelId, topic },
        recipientId: channelId * 3,
        content: 'x',
        renderedContent: '<p>x</p>',
        sentAt: new Date(0).toISOString(),
        client: 'test',
      },
    });
    return id;
  }
  const remove = (channelId: number, topic: string, messageIds: number[]) =>
    apply({ type: 'messages.deleted.v1', data: { messageIds, conversation: { type: 'channel', channelId, topic } } });
  const move = (messageIds: number[], from: { channelId: number; topic: string }, to: { channelId: number; topic: string }) =>
    apply({
      type: 'messages.moved.v1',
      data: {
        messageId: messageIds[0]!,
        messageIds,
        editorId: 1,
        from,
        to,
        propagateMode: 'change_all',
        resolved: null,
        movedAt: new Date(0).toISOString(),
        withContentEdit: false,
        policyChanges: [],
      },
    });
  const topics = (channelId: number, limit = 100) => wholeTopicHistory(repo.topicIndex(), channelId, limit);

  it('lists each topic once, by its newest message and the spelling of that message, newest first', async () => {
    const a1 = await send(1, 'Alpha');
    await send(1, 'beta');
    const a2 = await send(1, 'alpha');
    const g = await send(1, '');
    expect(await topics(1)).toEqual([
      { name: '', max_id: g },
      { name: 'alpha', max_id: a2 },
      { name: 'beta', max_id: a1 + 1 },
    ]);
    await remove(1, 'alpha', [a2]);
    expect((await topics(1)).find((t) => t.name.toLowerCase() === 'alpha')).toEqual({ name: 'Alpha', max_id: a1 });
    await remove(1, 'Alpha', [a1]);
    expect((await topics(1)).map((t) => t.name)).toEqual(['', 'beta']);
  });

  it('follows moves: out of a topic, into another channel, into an existing topic, and a change of case', async () => {
    const [x1, x2, x3] = [await send(2, 'x'), await send(2, 'x'), await send(2, 'x')];
    const y1 = await send(2, 'y');
    await move([x3], { channelId: 2, topic: 'x' }, { channelId: 2, topic: 'y' });
    expect(await topics(2)).toEqual([
      { name: 'y', max_id: y1 },
      { name: 'x', max_id: x2 },
    ]);
    await move([x1, x2], { channelId: 2, topic: 'x' }, { channelId: 3, topic: 'moved' });
    expect(await topics(2)).toEqual([{ name: 'y', max_id: y1 }]);
    expect(await topics(3)).toEqual([{ name: 'moved', max_id: x2 }]);
    await move([x1, x2], { channelId: 3, topic: 'moved' }, { channelId: 3, topic: 'MOVED' });
    expect(await topics(3)).toEqual([{ name: 'MOVED', max_id: x2 }]);
  });

  it('changes nothing when an event is applied again', async () => {
    const first = await send(4, 'once');
    const again: MessagesEvent = {
      type: 'message.sent.v1',
      data: {
        messageId: ++messageId,
        senderId: 1,
        conversation: { type: 'channel', channelId: 4, topic: 'once' },
        recipientId: 12,
        content: 'x',
        renderedContent: '<p>x</p>',
        sentAt: new Date(0).toISOString(),
        client: 'test',
      },
    };
    const envelope = envelopeOf(again);
    await projection.apply(envelope);
    // A redelivery past the recorded version (a crash before it was written) applies the event whole again.
    await repo.setMessagesVersion(envelope.sequence - 1);
    projection.forget();
    await projection.apply(envelope);
    expect(await topics(4)).toEqual([{ name: 'once', max_id: first + 1 }]);
  });

  it('reads the newest topics of a channel with many from a head and one chunk', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 600; i++) ids.push(await send(5, `topic ${i}`));
    await send(5, 'topic 0');
    let reads = 0;
    const counting = <T>(name: string) => {
      const collection = db.collection<T & { _id: string }>(name);
      return new Proxy(collection, {
        get: (target, prop, receiver) =>
          prop === 'findOne'
            ? (...args: unknown[]) => (reads++, (target.findOne as (...a: unknown[]) => unknown)(...args))
            : Reflect.get(target, prop, receiver),
      });
    };
    const index = new TopicIndexStore(
      counting<TopicIndexHeadDoc>('topic_index_heads') as never,
      counting<TopicIndexChunkDoc>('topic_index_chunks') as never,
    );
    const newest = await wholeTopicHistory(index, 5, 10);
    expect(newest.map((t) => t.name)).toEqual(['topic 0', ...Array.from({ length: 9 }, (_, i) => `topic ${599 - i}`)]);
    expect(reads).toBe(2);
    expect(await topics(5, 1000)).toHaveLength(600);
  }, 120_000);
});

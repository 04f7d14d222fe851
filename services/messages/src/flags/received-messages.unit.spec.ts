import { addIds, MAX_CHUNK, MemoryListStore, type Chunk, type ListReader } from '../messages/message-lists/message-list';
import { decodeTagTable, encodeTags } from '../messages/message-lists/id-chunk-codec';
import { ListKeys } from '../messages/message.state';
import { formatListTag } from './list-tag';
import { receivedRunAmong, receivedRunBetween, type ReceivedSources } from './received-messages';

const CHANNEL = 4;
const ME = 7;
const sources: ReceivedSources = {
  userId: ME,
  channels: [{ channelId: CHANNEL, history: { userId: ME, channelId: CHANNEL, intervals: [{ from: 1, to: null }], channelVersion: 1 } }],
};

/** Reads chunks as the repository does from tags stored as a table: with the table beside the texts. */
const withTables = (store: MemoryListStore): ListReader => ({
  head: (key) => store.head(key),
  chunk: async (key, no) => tabled(await store.chunk(key, no)),
  chunksOf: async (key, nos) => (await store.chunksOf(key, nos)).map(tabled),
});

const tabled = (chunk: Chunk): Chunk => (chunk.tags ? { ...chunk, tagTable: decodeTagTable(encodeTags(chunk.tags)) } : chunk);

const placed = (run: Awaited<ReturnType<typeof receivedRunBetween>>) =>
  run.received().map((m) => [m.id, m.senderId, m.place.type === 'channel' ? m.place.topic : m.place.userIds.join(',')]);

describe('received messages read from lists', () => {
  it('places interleaved topics alike whether chunks carry a table of their tags or only the texts, across chunks with tables of their own', async () => {
    const store = new MemoryListStore();
    const count = 2 * MAX_CHUNK + 300;
    // Three senders in five topics, interleaved; chunks number their tags differently.
    const tagOf = (id: number) =>
      formatListTag({ senderId: 10 + (id % 3), senderUnread: false, channelWildcard: id % 11 === 0, place: `topic ${(id * 7) % 5}` });
    await addIds(
      store,
      ListKeys.channel(CHANNEL),
      Array.from({ length: count }, (_, i) => i + 1),
      { tagOf },
    );

    const plain = await receivedRunBetween(store, sources, 0, count, count);
    const fromTables = await receivedRunBetween(withTables(store), sources, 0, count, count);
    expect(plain.length).toBe(count);
    expect(placed(fromTables)).toEqual(placed(plain));
    expect(fromTables.received()[0]).toEqual({
      id: count,
      senderId: 10 + (count % 3),
      senderUnread: false,
      channelWildcard: count % 11 === 0,
      place: { type: 'channel', channelId: CHANNEL, topic: `topic ${(count * 7) % 5}` },
    });

    const some = [3, 999, 1000, 1001, 2222, count];
    expect(placed(await receivedRunAmong(withTables(store), sources, some, false))).toEqual(
      placed(await receivedRunAmong(store, sources, some, false)),
    );
  });
});

import { addIds, MemoryListStore } from '../message-lists/message-list';
import { ListKeys } from '../message.state';
import { nextTopicBatch } from './topic-batch';

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function topicOf(ids: number[], topic = 'Deploys'): Promise<MemoryListStore> {
  const store = new MemoryListStore();
  await addIds(store, ListKeys.topic(5, topic), ids);
  await addIds(
    store,
    ListKeys.topic(5, 'other'),
    ids.map((id) => id + 100_000),
  );
  return store;
}

describe('picking the next batch of a topic deletion', () => {
  it('given 250 messages, then the batch is the newest 100, newest first', async () => {
    const store = await topicOf(range(1, 250));
    expect(await nextTopicBatch(store, 5, 'Deploys', (ids) => ids)).toEqual(range(151, 250).reverse());
  });

  it('given the topic named in another case, then its messages are matched (Zulip matches topics case-insensitively)', async () => {
    const store = await topicOf(range(1, 3), 'Deploys');
    expect(await nextTopicBatch(store, 5, 'dEPLOYS', (ids) => ids)).toEqual([3, 2, 1]);
  });

  it('given messages the administrator may not access, then only accessible ones are picked, still up to 100', async () => {
    const store = await topicOf(range(1, 1500));
    const batch = await nextTopicBatch(store, 5, 'Deploys', (ids) => ids.filter((id) => id % 3 === 0));
    expect(batch).toHaveLength(100);
    expect(batch[0]).toBe(1500);
    expect(batch.every((id) => id % 3 === 0)).toBe(true);
    expect(batch).toEqual([...batch].sort((a, b) => b - a));
  });

  it('given an empty or unknown topic, then nothing (the deletion is complete)', async () => {
    const store = await topicOf(range(1, 3));
    expect(await nextTopicBatch(store, 5, 'nothing here', (ids) => ids)).toEqual([]);
    expect(await nextTopicBatch(store, 6, 'Deploys', (ids) => ids)).toEqual([]);
  });
});

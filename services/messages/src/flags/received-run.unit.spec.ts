import type { Arrival } from './received-messages';
import { concatRuns, mergeRuns, ReceivedRun, RunWriter } from './received-run';

const arrival = (senderId: number, topic: string): Arrival => ({
  senderId,
  senderUnread: false,
  channelWildcard: false,
  place: { type: 'channel', channelId: 3, topic },
});
const lunch = arrival(7, 'lunch');
const dinner = arrival(8, 'dinner');

/** A run of `[id, arrival]` pairs, its arrivals table made of those it uses. */
function runOf(...messages: [number, Arrival][]): ReceivedRun {
  const table = [...new Set(messages.map(([, a]) => a))];
  const writer = new RunWriter(table, 1);
  for (const [id, a] of messages) writer.push(id, table.indexOf(a));
  return writer.run();
}

const pairs = (run: ReceivedRun) => run.received().map((m) => [m.id, m.place.type === 'channel' ? m.place.topic : '']);

describe('received runs', () => {
  it('given runs sorted alike, when merged, then they form one sorted run, a message in two of them kept once', () => {
    const newestFirst = mergeRuns(
      [runOf([9, lunch], [5, lunch], [2, lunch]), runOf([8, dinner], [5, dinner], [1, dinner]), ReceivedRun.EMPTY],
      (a, b) => b - a,
    );
    expect(pairs(newestFirst)).toEqual([
      [9, 'lunch'],
      [8, 'dinner'],
      [5, 'lunch'],
      [2, 'lunch'],
      [1, 'dinner'],
    ]);
    expect(mergeRuns([], (a, b) => a - b).length).toBe(0);
  });

  it('given two runs, when joined, then the second follows the first with its own arrivals', () => {
    expect(pairs(concatRuns(runOf([4, lunch]), runOf([3, dinner], [2, dinner])))).toEqual([
      [4, 'lunch'],
      [3, 'dinner'],
      [2, 'dinner'],
    ]);
  });

  it('given a run, when filtered, then it keeps the accepted messages in order, and is itself when all are accepted', () => {
    const run = runOf([6, lunch], [5, dinner], [4, lunch], [3, dinner]);
    expect(run.filter(() => true)).toBe(run);
    expect(pairs(run.filter((_, a) => a === dinner))).toEqual([
      [5, 'dinner'],
      [3, 'dinner'],
    ]);
    expect(run.filter(() => false).length).toBe(0);
  });

  it('given a run, when cut or reversed, then it answers the first messages, or all of them the other way round, leaving the run as it was', () => {
    const run = runOf([6, lunch], [5, dinner], [4, lunch]);
    expect(pairs(run.first(2))).toEqual([
      [6, 'lunch'],
      [5, 'dinner'],
    ]);
    expect(run.first(3)).toBe(run);
    expect(pairs(run.reversed())).toEqual([
      [4, 'lunch'],
      [5, 'dinner'],
      [6, 'lunch'],
    ]);
    expect(pairs(run)[0]).toEqual([6, 'lunch']);
  });

  it('holds as many messages as a user may have unread, and ids up to 2^32 - 1', () => {
    const writer = new RunWriter([lunch], 1);
    for (let id = 1; id <= 50_001; id++) writer.push(id, 0);
    writer.push(2 ** 32 - 1, 0);
    const run = writer.run();
    expect(run.length).toBe(50_002);
    expect(run.ids[50_000]).toBe(50_001);
    expect(run.ids[50_001]).toBe(2 ** 32 - 1);
    expect(run.arrival(50_001)).toBe(lunch);
  });
});

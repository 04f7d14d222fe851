import type { EventEnvelope } from '@zulip-es/contracts';
import { createLogger } from '../logging/logger';
import { applyToReadModel, type ReadModel } from './read-model';

const event: EventEnvelope = {
  eventId: '00000000-0000-4000-8000-000000000000',
  type: 'user.deactivated.v1',
  aggregateId: 'user:3',
  sequence: 2,
  time: '2026-01-01T00:00:00.000Z',
  actorId: 1,
  correlationId: 'c',
  causationId: 'c',
  data: { userId: 3 },
};
const record = (value: string, offset: bigint) => ({
  topic: 'users.events',
  partition: 0,
  offset,
  key: 'user:3',
  value: Buffer.from(value),
});

describe('applying records to a read model', () => {
  it('applies events in order and skips records that are not events instead of failing on them forever', async () => {
    const seen: EventEnvelope[] = [];
    const model: ReadModel = { name: 'test', topics: ['users.events'], apply: (e) => void seen.push(e) };
    await applyToReadModel(
      model,
      [record('not json', 0n), record(JSON.stringify({ type: 'x' }), 1n), record(JSON.stringify(event), 2n)],
      createLogger('test', 'silent'),
    );
    expect(seen).toEqual([event]);
  });

  it('skips, unparsed, records whose type header names an event it does not apply; applies those it does and those without the header', async () => {
    const seen: EventEnvelope[] = [];
    const model: ReadModel = {
      name: 'test',
      topics: ['users.events'],
      eventTypes: new Set(['user.deactivated.v1']),
      apply: (e) => void seen.push(e),
    };
    const typed = (type: string, value: string, offset: bigint) => ({ ...record(value, offset), headers: { type } });
    const other = { ...event, type: 'user.created.v1', eventId: '00000000-0000-4000-8000-000000000001' };
    await applyToReadModel(
      model,
      [
        typed('user.created.v1', 'not even json', 0n),
        typed('user.created.v1', JSON.stringify(other), 1n),
        typed(event.type, JSON.stringify(event), 2n),
        record(JSON.stringify(other), 3n),
      ],
      createLogger('test', 'silent'),
    );
    expect(seen).toEqual([event, other]);
  });
});

import { randomBytes } from 'node:crypto';
import { api, captureEvents, owner, systemInfo, type EventCapture } from '@zulip-es/testing';

/**
 * Reorders so that `id` comes first. The list sent must name every linkifier, and other test files
 * add and remove theirs meanwhile, so a refusal for a stale list is retried with a fresh one.
 */
async function moveToFront(id: number): Promise<number[]> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const ids = ((await api('GET', '/realm/linkifiers', { auth: owner() })).body.linkifiers as { id: number }[]).map((l) => l.id);
    const reordered = [id, ...ids.filter((i) => i !== id)];
    const res = await api('PATCH', '/realm/linkifiers', { auth: owner(), params: { ordered_linkifier_ids: reordered } });
    if (res.body.result === 'success') return reordered;
  }
  throw new Error('the linkifier list kept changing');
}

describe('linkifier events', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('users');
  });
  afterAll(() => capture.stop());

  it('publishes added, changed, reordered and removed events on the linkifiers aggregate, in sequence', async () => {
    const tag = randomBytes(4).toString('hex');
    const pattern = `E${tag}-(?P<id>[0-9]+)`;
    const added = await api('POST', '/realm/filters', { auth: owner(), params: { pattern, url_template: 'https://e.example/{id}' } });
    const id = added.body.id as number;
    await api('PATCH', `/realm/filters/${id}`, { auth: owner(), params: { pattern, url_template: 'https://f.example/{id}' } });
    const reordered = await moveToFront(id);
    await api('DELETE', `/realm/filters/${id}`, { auth: owner() });
    await api('DELETE', `/realm/filters/${id}`, { auth: owner() }); // refused: no event

    // Other files reorder too; this test's reorder is the one that puts its linkifier first.
    const mine = (e: { data: Record<string, unknown> }) =>
      e.data.linkifierId === id || (e.data.orderedLinkifierIds as number[] | undefined)?.[0] === id;
    await capture.waitFor((e) => e.type === 'linkifier.removed.v1' && e.data.linkifierId === id);
    const events = capture.events.filter((e) => e.aggregateId === 'linkifiers' && mine(e));
    const ownerId = systemInfo().owner.userId;
    expect(events.map((e) => [e.type, e.actorId, e.data])).toEqual([
      ['linkifier.added.v1', ownerId, { linkifierId: id, pattern, urlTemplate: 'https://e.example/{id}' }],
      ['linkifier.changed.v1', ownerId, { linkifierId: id, pattern, urlTemplate: 'https://f.example/{id}' }],
      // Moving the only linkifier to the front changes nothing, and so publishes nothing.
      ...(reordered.length > 1 ? [['linkifiers.reordered.v1', ownerId, { orderedLinkifierIds: reordered }]] : []),
      ['linkifier.removed.v1', ownerId, { linkifierId: id }],
    ]);
    const sequences = events.map((e) => e.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(
      await capture.settle((e) => e.aggregateId === 'linkifiers' && e.sequence > sequences.at(-1)! && e.data.linkifierId === id),
    ).toEqual([]);
  });
});

import { api, captureEvents, createUser, type EventCapture } from '@zulip-es/testing';
import { draftParams, draftsOf, draftsSync, saveDraft, saveDrafts, SYNC_DISABLED } from '../../testing/drafts.fixtures';

describe('drafts synchronization turned off and on (enable_drafts_synchronization)', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('deletes the user’s drafts, refuses every drafts endpoint, then allows writes again when turned back on', async () => {
    const [user, other] = [await createUser({ label: 'sync-off' }), await createUser()];
    const id = await saveDraft(user, { content: 'will go' });
    const othersDraft = await saveDraft(other);
    expect((await draftsSync(user, false)).status).toBe(200);

    const cleared = await capture.waitFor((e) => e.type === 'drafts.cleared.v1' && e.data.userId === user.userId, 20_000);
    expect(cleared.data).toEqual({ userId: user.userId, draftIds: [id], userSequence: expect.any(Number) });
    expect(cleared.causationId).toBe(`drafts.sync_disabled:${user.userId}:${String(cleared.data.userSequence)}`);

    for (const [method, path, params] of [
      ['GET', '/drafts', {}],
      ['POST', '/drafts', { drafts: [draftParams()] }],
      ['PATCH', `/drafts/${id}`, { draft: draftParams() }],
      ['DELETE', `/drafts/${id}`, {}],
    ] as const) {
      const res = await api(method, path, { auth: user, params });
      expect([method, res.status, res.body]).toEqual([method, 400, SYNC_DISABLED]);
    }
    expect((await draftsOf(other)).map((d) => d.id)).toEqual([othersDraft]);

    expect((await draftsSync(user, true)).status).toBe(200);
    expect(await draftsOf(user)).toEqual([]);
    const again = await saveDraft(user, { content: 'back' });
    expect((await draftsOf(user)).map((d) => [d.id, d.content])).toEqual([[again, 'back']]);
    expect(again).toBeGreaterThan(id);
  });

  it('never deletes drafts saved after the setting came back on, however quickly', async () => {
    const user = await createUser({ label: 'sync-flip' });
    await saveDraft(user, { content: 'before' });
    await draftsSync(user, false);
    await draftsSync(user, true);
    const res = await saveDrafts(user, [draftParams({ content: 'after' })]);
    expect(res.status).toBe(200);
    await capture.waitFor((e) => e.type === 'drafts.cleared.v1' && e.data.userId === user.userId, 20_000);
    // The relay's command, decided after that request, finds the turning-off applied already.
    await capture.settle((e) => e.aggregateId === `drafts:${user.userId}`, 1_500);
    expect((await draftsOf(user)).map((d) => d.content)).toEqual(['after']);
  });
});

import { Role } from '@zulip-es/contracts';
import { api, createChannel, createUser, owner, uniqueChannelName, type Credentials } from '@zulip-es/testing';
import { edit, send, SUCCESS } from '../edit-message/edit-message.int-helpers';

type Policy = 'all' | 'moves' | 'none';

type Shown = Record<string, unknown>;
const readOne = async (auth: Credentials, id: number): Promise<Shown> =>
  (await api('GET', `/messages/${id}`, { auth, params: { apply_markdown: false } })).body.message as Shown;
const readInList = async (auth: Credentials, id: number): Promise<Shown> =>
  ((await api('GET', '/messages', { auth, params: { message_ids: [id], apply_markdown: false } })).body.messages as Shown[])[0];

/** Sets the organization's policy and waits until the messages service applies it (it follows users.events). */
async function setPolicy(
  policy: Policy,
  probe: { auth: Credentials; id: number; shows: (m: Record<string, unknown>) => boolean },
): Promise<void> {
  const res = await api('PATCH', '/realm', { auth: owner(), params: { message_edit_history_visibility_policy: policy } });
  expect(res.body).toMatchObject({ result: 'success' });
  for (let i = 0; i < 100 && !probe.shows(await readOne(probe.auth, probe.id)); i++) await new Promise((r) => setTimeout(r, 50));
}

/**
 * The policy is organization-wide, and other spec files read `edit_history` under the default
 * ("all"): every case runs in this one test, the messages prepared first, the non-default
 * policies held only while reading, and "all" restored at the end whatever happens.
 */
describe('message_edit_history_visibility_policy on GET /messages and GET /messages/{message_id}', () => {
  it('"all" shows every entry, "moves" only moves (content stripped from a combined edit), "none" no edit_history; the timestamps stay', async () => {
    const user = await createUser({ label: 'history' });
    const name = uniqueChannelName('history');
    await createChannel({ name, subscribers: [user.userId] });
    const edited = await send(user, { type: 'stream', to: name, topic: 'a', content: 'v1' });
    expect((await edit(user, edited, { content: 'v2' })).body).toEqual(SUCCESS);
    const both = await send(user, { type: 'stream', to: name, topic: 'b', content: 'w1' });
    expect((await edit(user, both, { content: 'w2', topic: 'c', send_notification_to_new_thread: false })).body).toEqual(SUCCESS);
    expect((await edit(user, both, { topic: 'd', send_notification_to_new_thread: false })).body).toEqual(SUCCESS);

    const all = await readOne(user, both);
    const [moveEntry, combinedEntry] = all.edit_history as Record<string, unknown>[];
    expect(moveEntry).toEqual({ user_id: user.userId, timestamp: expect.any(Number), prev_topic: 'c', topic: 'd' });
    expect(combinedEntry).toMatchObject({ prev_content: 'w1', prev_topic: 'b', topic: 'c' });
    const onlyEdited = await readOne(user, edited);
    expect(onlyEdited.edit_history).toHaveLength(1);

    try {
      await setPolicy('moves', { auth: user, id: edited, shows: (m) => Array.isArray(m.edit_history) && m.edit_history.length === 0 });
      const movesOnly = { user_id: user.userId, timestamp: combinedEntry.timestamp, prev_topic: 'b', topic: 'c' };
      for (const read of [readOne, readInList]) {
        expect(await read(user, edited)).toMatchObject({ edit_history: [], last_edit_timestamp: onlyEdited.last_edit_timestamp });
        const shown = await read(user, both);
        expect(shown.edit_history).toEqual([moveEntry, movesOnly]);
        expect(shown).toMatchObject({ last_edit_timestamp: all.last_edit_timestamp, last_moved_timestamp: all.last_moved_timestamp });
      }
      // GET /messages/{message_id}/history shows only the moves too: the content as it is now throughout.
      const snapshots = (await api('GET', `/messages/${both}/history`, { auth: user })).body.message_history as Record<string, unknown>[];
      expect(snapshots.map((s) => [s.topic, s.content, s.prev_topic])).toEqual([
        ['b', 'w2', undefined],
        ['c', 'w2', 'b'],
        ['d', 'w2', 'c'],
      ]);
      expect(snapshots.some((s) => 'prev_content' in s)).toBe(false);

      await setPolicy('none', { auth: user, id: both, shows: (m) => !('edit_history' in m) });
      for (const read of [readOne, readInList]) {
        for (const id of [edited, both]) expect(await read(user, id)).not.toHaveProperty('edit_history');
        expect(await read(user, both)).toMatchObject({
          last_edit_timestamp: all.last_edit_timestamp,
          last_moved_timestamp: all.last_moved_timestamp,
        });
      }
      const registered = await api('POST', '/register', { auth: user, params: { fetch_event_types: ['realm'] } });
      expect(registered.body).toMatchObject({ realm_message_edit_history_visibility_policy: 'none', realm_allow_edit_history: false });
      expect((await api('GET', `/messages/${both}/history`, { auth: user })).body).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Message edit history is disabled in this organization',
      });
    } finally {
      await setPolicy('all', { auth: user, id: both, shows: (m) => Array.isArray(m.edit_history) && m.edit_history.length === 2 });
    }
    expect((await readOne(user, both)).edit_history).toEqual(all.edit_history);
  });

  it('refuses a policy Zulip does not name, and administrators only may change it', async () => {
    const res = await api('PATCH', '/realm', { auth: owner(), params: { message_edit_history_visibility_policy: 'moves_only' } });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid message_edit_history_visibility_policy' });
    const moderator = await createUser({ role: Role.MODERATOR });
    const refused = await api('PATCH', '/realm', { auth: moderator, params: { message_edit_history_visibility_policy: 'all' } });
    expect(refused.body).toMatchObject({ result: 'error', msg: 'Must be an organization administrator' });
    const registered = await api('POST', '/register', { auth: owner(), params: { fetch_event_types: ['realm'] } });
    expect(registered.body).toMatchObject({ realm_message_edit_history_visibility_policy: 'all', realm_allow_edit_history: true });
  });
});

import { api, createChannel, createUser, owner, uniqueChannelName, type Credentials, type TestUser } from '@zulip-es/testing';
import { send } from '../edit-message/edit-message.int-helpers';

const receipts = (auth: Credentials, id: number) => api('GET', `/messages/${id}/read_receipts`, { auth });
const markRead = async (auth: Credentials, ids: number[]) =>
  expect((await api('POST', '/messages/flags', { auth, params: { messages: ids, op: 'add', flag: 'read' } })).body).toMatchObject({
    result: 'success',
  });
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** Sets `enable_read_receipts` and waits until the messages service (which follows users.events) applies it. */
async function setReadReceipts(enabled: boolean, probe: { auth: Credentials; id: number }): Promise<void> {
  expect((await api('PATCH', '/realm', { auth: owner(), params: { enable_read_receipts: enabled } })).body).toMatchObject({
    result: 'success',
  });
  const applied = (body: Record<string, unknown>) => (body.result === 'success') === enabled;
  for (let i = 0; i < 100 && !applied((await receipts(probe.auth, probe.id)).body); i++) await new Promise((r) => setTimeout(r, 50));
}

/**
 * The organization setting is shared by every spec, and Zulip's default is off: every case runs
 * in this one test while it is on, and it is turned off again whatever happens.
 */
describe('GET /messages/{message_id}/read_receipts', () => {
  it('lists who received and read a message, as their settings and mutes allow; refused while the organization has them off', async () => {
    const [sender, reader, unread, hiding, muter, leaving, outsider] = await Promise.all(
      ['sender', 'reader', 'unread', 'hiding', 'muter', 'leaving', 'outsider'].map((label) => createUser({ label: `receipts-${label}` })),
    );
    const members: TestUser[] = [sender, reader, unread, hiding, muter, leaving];
    const name = uniqueChannelName('receipts');
    await createChannel({ name, subscribers: members.map((u) => u.userId), invite_only: true });
    const id = await send(sender, { type: 'stream', to: name, topic: 'read me', content: 'hello' });
    const dm = await send(sender, { type: 'direct', to: JSON.stringify([reader.userId, unread.userId]), content: 'psst' });

    const disabled = await receipts(reader, id);
    expect(disabled.status).toBe(400);
    expect(disabled.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Read receipts are disabled in this organization.' });

    await api('PATCH', '/settings', { auth: hiding, params: { send_read_receipts: false } });
    await api('POST', `/users/me/muted_users/${reader.userId}`, { auth: muter });
    for (const user of [reader, hiding, muter, leaving, sender]) await markRead(user, [id]);
    await markRead(reader, [dm]);
    expect((await api('DELETE', '/users/me/subscriptions', { auth: leaving, params: { subscriptions: [name] } })).body).toMatchObject({
      result: 'success',
    });

    try {
      await setReadReceipts(true, { auth: reader, id });
      // The sender never appears, nor whoever hides receipts or has not read it; leaving keeps the receipt.
      expect((await receipts(sender, id)).body).toEqual({
        result: 'success',
        msg: '',
        user_ids: sorted([reader.userId, muter.userId, leaving.userId]),
      });
      // Whoever muted the caller is left out for them.
      expect(sorted((await receipts(reader, id)).body.user_ids as number[])).toEqual(sorted([reader.userId, leaving.userId]));
      expect((await receipts(unread, dm)).body.user_ids).toEqual([reader.userId]);

      expect((await api('DELETE', `/users/${leaving.userId}`, { auth: owner() })).body).toMatchObject({ result: 'success' });
      let shown: number[] = [];
      for (let i = 0; i < 100; i++) {
        shown = (await receipts(sender, id)).body.user_ids as number[];
        if (!shown.includes(leaving.userId)) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(shown).toEqual(sorted([reader.userId, muter.userId]));

      for (const [auth, messageId] of [
        [outsider, id],
        [outsider, dm],
        [reader, 2 ** 31 - 1],
      ] as const) {
        expect((await receipts(auth, messageId)).body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
      }
      const registered = await api('POST', '/register', { auth: reader, params: { fetch_event_types: ['realm'] } });
      expect(registered.body).toMatchObject({ realm_enable_read_receipts: true });
    } finally {
      await setReadReceipts(false, { auth: reader, id });
    }
  });
});

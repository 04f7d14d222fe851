import {
  api,
  createChannel,
  createUser,
  owner,
  TestEventQueue,
  uniqueChannelName,
  type Credentials,
  type TestUser,
} from '@zulip-es/testing';

type Message = { id: number; flags: string[] };

const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });
/** Zulip's own apps send as humans: their messages are read by their senders. */
const AS_APP = { 'user-agent': 'ZulipMobile/27.0 (Android 14)' };

async function send(auth: Credentials, to: string, topic: string, content: string): Promise<number> {
  const res = await api('POST', '/messages', { auth, params: { type: 'stream', to, topic, content }, headers: AS_APP });
  if (res.status !== 200) throw new Error(`send failed: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

async function flagsOf(auth: Credentials, ids: number[]): Promise<Record<number, string[]>> {
  const res = await api('GET', '/messages', { auth, params: { message_ids: ids } });
  return Object.fromEntries((res.body.messages as Message[]).map((m) => [m.id, m.flags]));
}

async function registered(auth: Credentials, fetchEventTypes: string[]): Promise<Record<string, unknown>> {
  const res = await api('POST', '/register', { auth, params: { fetch_event_types: fetchEventTypes } });
  await api('DELETE', '/events', { auth, params: { queue_id: res.body.queue_id } });
  return res.body;
}

const mute = (auth: Credentials, userId: number) => api('POST', `/users/me/muted_users/${userId}`, { auth });
const unmute = (auth: Credentials, userId: number) => api('DELETE', `/users/me/muted_users/${userId}`, { auth });

describe('muted users', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let channel: string;

  beforeAll(async () => {
    [alice, bob, carol] = [
      await createUser({ label: 'mute-alice' }),
      await createUser({ label: 'mute-bob' }),
      await createUser({ label: 'mute-carol' }),
    ];
    channel = uniqueChannelName('mute');
    await createChannel({ name: channel, subscribers: [alice.userId, bob.userId, carol.userId] }, alice);
  });

  it("mutes a user: their unread messages become read, later ones arrive read, and the user's queues hear the whole list", async () => {
    const before = await send(bob, channel, 'before', 'unread until muted');
    const fromCarol = await send(carol, channel, 'before', 'not muted');
    const queue = await TestEventQueue.register(alice, { event_types: ['muted_users', 'update_message_flags', 'message'] });

    expect((await mute(alice, bob.userId)).body).toEqual({ result: 'success', msg: '' });
    expect(await queue.waitFor((e) => e.type === 'muted_users')).toEqual(
      expect.objectContaining({ muted_users: [{ id: bob.userId, timestamp: expect.any(Number) }] }),
    );
    expect(await queue.waitFor((e) => e.type === 'update_message_flags')).toMatchObject({ op: 'add', flag: 'read', messages: [before] });
    expect(await flagsOf(alice, [before, fromCarol])).toEqual({ [before]: ['read'], [fromCarol]: [] });

    const after = await send(bob, channel, 'after', 'sent while muted');
    expect(await queue.waitFor((e) => e.type === 'message' && (e.message as { id: number }).id === after)).toMatchObject({
      flags: ['read'],
    });
    expect((await flagsOf(alice, [after]))[after]).toEqual(['read']);
    expect((await flagsOf(carol, [after]))[after]).toEqual([]);

    const state = await registered(alice, ['muted_users', 'message', 'update_message_flags']);
    const [listed] = state.muted_users as { id: number; timestamp: number }[];
    expect(listed).toEqual({ id: bob.userId, timestamp: expect.any(Number) });
    expect(Math.abs(listed!.timestamp - Date.now() / 1000)).toBeLessThan(120);
    const unreadIds = (state.unread_msgs as { streams: { unread_message_ids: number[] }[] }).streams.flatMap((s) => s.unread_message_ids);
    expect(unreadIds).not.toContain(after);
    await queue.delete();
  });

  it('unmutes: later messages arrive unread, those sent while muted stay read', async () => {
    const whileMuted = await send(bob, channel, 'unmute', 'while muted');
    const queue = await TestEventQueue.register(alice, { event_types: ['muted_users'] });
    expect((await unmute(alice, bob.userId)).body).toEqual({ result: 'success', msg: '' });
    expect(await queue.waitFor((e) => e.type === 'muted_users')).toMatchObject({ muted_users: [] });
    const afterUnmute = await send(bob, channel, 'unmute', 'after the unmute');
    expect(await flagsOf(alice, [whileMuted, afterUnmute])).toEqual({ [whileMuted]: ['read'], [afterUnmute]: [] });
    expect((await registered(alice, ['muted_users'])).muted_users).toEqual([]);
    await queue.delete();
  });

  it('mutes a deactivated user too, as Zulip does', async () => {
    const gone = await createUser({ label: 'mute-gone' });
    expect((await api('DELETE', `/users/${gone.userId}`, { auth: owner() })).status).toBe(200);
    expect((await mute(carol, gone.userId)).body).toEqual({ result: 'success', msg: '' });
    expect((await unmute(carol, gone.userId)).body).toEqual({ result: 'success', msg: '' });
  });

  it("refuses the caller, unknown users, muting twice and unmuting a user not muted, with Zulip's messages", async () => {
    expect((await mute(carol, carol.userId)).body).toEqual(error('Cannot mute self'));
    expect((await mute(carol, 999_999_999)).body).toEqual(error('No such user'));
    expect((await unmute(carol, 999_999_999)).body).toEqual(error('No such user'));
    expect((await mute(carol, bob.userId)).status).toBe(200);
    const twice = await mute(carol, bob.userId);
    expect([twice.status, twice.body]).toEqual([400, error('User already muted')]);
    expect((await unmute(carol, alice.userId)).body).toEqual(error('User is not muted'));
    expect((await mute(carol, Number.MAX_SAFE_INTEGER + 1)).body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect((await registered(carol, ['muted_users'])).muted_users).toEqual([{ id: bob.userId, timestamp: expect.any(Number) }]);
  });
});

describe('alert words', () => {
  let dana: TestUser;
  let erin: TestUser;
  let channel: string;

  const words = (auth: Credentials) => api('GET', '/users/me/alert_words', { auth });
  const add = (auth: Credentials, alertWords: unknown) =>
    api('POST', '/users/me/alert_words', { auth, params: { alert_words: alertWords } });
  const remove = (auth: Credentials, alertWords: unknown) =>
    api('DELETE', '/users/me/alert_words', { auth, params: { alert_words: alertWords } });

  beforeAll(async () => {
    [dana, erin] = [await createUser({ label: 'alert-dana' }), await createUser({ label: 'alert-erin' })];
    channel = uniqueChannelName('alert');
    await createChannel({ name: channel, subscribers: [dana.userId, erin.userId] }, dana);
  });

  it('adds words new without case, lists and removes them, telling the user’s queues', async () => {
    expect((await words(dana)).body).toEqual({ result: 'success', msg: '', alert_words: [] });
    const queue = await TestEventQueue.register(dana, { event_types: ['alert_words'] });
    expect((await add(dana, ['Deploy', ' lunch ', 'DEPLOY', 'build green'])).body).toEqual({
      result: 'success',
      msg: '',
      alert_words: ['Deploy', 'lunch', 'build green'],
    });
    expect(await queue.waitFor((e) => e.type === 'alert_words')).toMatchObject({ alert_words: ['Deploy', 'lunch', 'build green'] });
    expect((await remove(dana, ['LUNCH', 'never added'])).body).toEqual({
      result: 'success',
      msg: '',
      alert_words: ['Deploy', 'build green'],
    });
    expect((await words(dana)).body.alert_words).toEqual(['Deploy', 'build green']);
    expect((await registered(dana, ['alert_words'])).alert_words).toEqual(['Deploy', 'build green']);
    await queue.delete();
  });

  it('flags messages containing a reader’s alert word with has_alert_word, and follows content edits', async () => {
    const queue = await TestEventQueue.register(dana, { event_types: ['message'] });
    const hit = await send(erin, channel, 'alerts', 'Is the build green? (deploy) soon');
    const miss = await send(erin, channel, 'alerts', 'redeploy the greenhouse');
    expect(await queue.waitFor((e) => e.type === 'message' && (e.message as { id: number }).id === hit)).toMatchObject({
      flags: ['has_alert_word'],
    });
    expect(await flagsOf(dana, [hit, miss])).toEqual({ [hit]: ['has_alert_word'], [miss]: [] });
    expect((await flagsOf(erin, [hit]))[hit]).toEqual(['read']);

    expect((await api('PATCH', `/messages/${miss}`, { auth: erin, params: { content: 'now deploy' } })).status).toBe(200);
    expect((await flagsOf(dana, [miss]))[miss]).toEqual(['has_alert_word']);
    await queue.delete();
  });

  it('refuses words longer than 100 characters, and non-lists, changing nothing', async () => {
    const tooLong = await add(erin, ['x'.repeat(101)]);
    expect([tooLong.status, tooLong.body]).toEqual([
      400,
      { result: 'error', code: 'BAD_REQUEST', msg: 'alert_words[0] is too long (limit: 100 characters)' },
    ]);
    expect((await add(erin, 'lunch')).body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect((await add(erin, ['x'.repeat(100)])).body.alert_words).toEqual(['x'.repeat(100)]);
    expect((await words(erin)).body.alert_words).toEqual(['x'.repeat(100)]);
  });
});

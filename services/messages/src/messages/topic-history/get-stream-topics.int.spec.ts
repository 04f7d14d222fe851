import { Role } from '@zulip-es/contracts';
import { api, createChannel, createUser, owner, type Credentials } from '@zulip-es/testing';

const topicsOf = (auth: Credentials | undefined, channelId: number, params: Record<string, unknown> = {}) =>
  api('GET', `/users/me/${channelId}/topics`, { auth, params });
const badRequest = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });

async function send(auth: Credentials, channelId: number, topic: string): Promise<number> {
  const res = await api('POST', '/messages', { auth, params: { type: 'stream', to: String(channelId), topic, content: 'hello' } });
  if (res.status !== 200) throw new Error(`send failed: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

async function channelName(channelId: number): Promise<string> {
  return ((await api('GET', `/streams/${channelId}`, { auth: owner() })).body.stream as { name: string }).name;
}

describe('GET /users/me/{stream_id}/topics', () => {
  it("answers the channel's topics, newest first, each with its newest message and that message's spelling", async () => {
    const user = await createUser({ label: 'topics' });
    const id = await createChannel({ subscribers: [user.userId] });
    const lunch = await send(user, id, 'Lunch');
    const plans = await send(user, id, 'plans');
    const lunchAgain = await send(user, id, 'lunch');
    const res = await topicsOf(user, id);
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      topics: [
        { name: 'lunch', max_id: lunchAgain },
        { name: 'plans', max_id: plans },
      ],
    });
    expect(lunch).toBeLessThan(plans);
  });

  it('names the empty topic "general chat" unless the client takes empty topic names', async () => {
    const user = await createUser();
    const id = await createChannel({ subscribers: [user.userId] });
    const general = await send(user, id, '');
    expect((await topicsOf(user, id)).body.topics).toEqual([{ name: 'general chat', max_id: general }]);
    expect((await topicsOf(user, id, { allow_empty_topic_name: true })).body.topics).toEqual([{ name: '', max_id: general }]);
  });

  it('answers an empty list for a channel without messages, and every topic to a member who is not subscribed', async () => {
    const [member, sender] = [await createUser(), await createUser()];
    const id = await createChannel({ subscribers: [sender.userId] });
    expect((await topicsOf(member, id)).body.topics).toEqual([]);
    const sent = await send(sender, id, 'open');
    expect((await topicsOf(member, id)).body.topics).toEqual([{ name: 'open', max_id: sent }]);
  });

  it('follows deletions, moves and topic deletions', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    const id = await createChannel({ subscribers: [admin.userId] });
    const [a1, a2] = [await send(admin, id, 'a'), await send(admin, id, 'a')];
    const b1 = await send(admin, id, 'b');
    const c1 = await send(admin, id, 'c');
    await api('DELETE', `/messages/${a2}`, { auth: admin });
    expect((await topicsOf(admin, id)).body.topics).toEqual([
      { name: 'c', max_id: c1 },
      { name: 'b', max_id: b1 },
      { name: 'a', max_id: a1 },
    ]);
    expect(
      (
        await api('PATCH', `/messages/${b1}`, {
          auth: admin,
          params: {
            topic: 'B renamed',
            propagate_mode: 'change_all',
            send_notification_to_old_thread: false,
            send_notification_to_new_thread: false,
          },
        })
      ).status,
    ).toBe(200);
    const other = await createChannel({ subscribers: [admin.userId] });
    expect(
      (
        await api('PATCH', `/messages/${c1}`, {
          auth: admin,
          params: {
            stream_id: other,
            propagate_mode: 'change_all',
            send_notification_to_old_thread: false,
            send_notification_to_new_thread: false,
          },
        })
      ).status,
    ).toBe(200);
    expect((await topicsOf(admin, id)).body.topics).toEqual([
      { name: 'B renamed', max_id: b1 },
      { name: 'a', max_id: a1 },
    ]);
    expect((await topicsOf(admin, other)).body.topics).toEqual([{ name: 'c', max_id: c1 }]);
    for (
      let i = 0;
      (await api('POST', `/streams/${id}/delete_topic`, { auth: admin, params: { topic_name: 'a' } })).body.complete !== true;
      i++
    ) {
      if (i > 50) throw new Error('the topic deletion did not complete');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await topicsOf(admin, id)).body.topics).toEqual([{ name: 'B renamed', max_id: b1 }]);
  });

  it('shows a subscriber of a channel with protected history only the topics of messages they received', async () => {
    const [early, late] = [await createUser(), await createUser({ label: 'late' })];
    const id = await createChannel({ invite_only: true, subscribers: [early.userId] });
    const name = await channelName(id);
    const before = await send(early, id, 'before');
    const shared = await send(early, id, 'shared');
    await api('POST', '/users/me/subscriptions', { auth: early, params: { subscriptions: [{ name }], principals: [late.userId] } });
    const sharedLater = await send(early, id, 'shared');
    const during = await send(late, id, 'during');
    await api('DELETE', '/users/me/subscriptions', { auth: late, params: { subscriptions: [name] } });
    await api('POST', '/users/me/subscriptions', { auth: early, params: { subscriptions: [{ name }], principals: [late.userId] } });
    const after = await send(early, id, 'shared');
    expect((await topicsOf(early, id)).body.topics).toEqual([
      { name: 'shared', max_id: after },
      { name: 'during', max_id: during },
      { name: 'before', max_id: before },
    ]);
    expect((await topicsOf(late, id)).body.topics).toEqual([
      { name: 'shared', max_id: after },
      { name: 'during', max_id: during },
    ]);
    expect(shared).toBeLessThan(sharedLater);
  });

  it('shows a former subscriber the last message they received of a topic that went on without them', async () => {
    const [stays, leaves] = [await createUser(), await createUser()];
    const id = await createChannel({ invite_only: true, subscribers: [stays.userId, leaves.userId] });
    const name = await channelName(id);
    const seen = await send(stays, id, 'ongoing');
    // A former subscriber keeps the content they received, but a private channel is then one they may not read.
    await api('DELETE', '/users/me/subscriptions', { auth: leaves, params: { subscriptions: [name] } });
    await send(stays, id, 'ongoing');
    expect((await topicsOf(leaves, id)).body).toEqual(badRequest('Invalid channel ID'));
    await api('POST', '/users/me/subscriptions', { auth: stays, params: { subscriptions: [{ name }], principals: [leaves.userId] } });
    const back = await topicsOf(leaves, id);
    expect(back.body.topics).toEqual([{ name: 'ongoing', max_id: seen }]);
  });

  it('refuses a channel the caller may not read: missing, private without them, or public to a guest outside it', async () => {
    const [member, guest] = [await createUser(), await createUser({ role: Role.GUEST })];
    const hidden = await createChannel({ invite_only: true });
    const open = await createChannel();
    for (const [auth, id] of [
      [member, 999_999_999],
      [member, hidden],
      [guest, open],
    ] as const) {
      const res = await topicsOf(auth, id);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(badRequest('Invalid channel ID'));
    }
    const shared = await createChannel({ subscribers: [guest.userId] });
    expect((await topicsOf(guest, shared)).body).toMatchObject({ result: 'success', topics: [] });
  });

  it('refuses a request without credentials, with a wrong key, or from a deactivated user', async () => {
    const user = await createUser();
    const id = await createChannel({ subscribers: [user.userId] });
    expect((await topicsOf(undefined, id)).status).toBe(401);
    expect((await topicsOf({ email: user.email, apiKey: 'x'.repeat(32) }, id)).body).toMatchObject({ code: 'INVALID_API_KEY' });
    await api('DELETE', `/users/${user.userId}`, { auth: owner() });
    const deactivated = await topicsOf(user, id);
    expect(deactivated.status).toBe(401);
    expect(deactivated.body).toEqual({ result: 'error', code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
  });
});

import { api, createChannel, createUser, TestEventQueue, type ClientEvent, type TestUser } from '@zulip-es/testing';

/** POST /typing: told at once to the recipients' event queues, and to no one else. */
describe('POST /typing', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([
      createUser({ label: 'typing-alice' }),
      createUser({ label: 'typing-bob' }),
      createUser({ label: 'typing-carol' }),
    ]);
  });

  const typing = (auth: TestUser, params: Record<string, unknown>) => api('POST', '/typing', { auth, params });
  const none = async (queue: TestEventQueue, match: (e: ClientEvent) => boolean) => expect((await queue.drain()).filter(match)).toEqual([]);
  const isTypingBy = (user: TestUser) => (e: ClientEvent) =>
    e.type === 'typing' && (e.sender as { user_id: number }).user_id === user.userId;

  it('tells a direct message’s participants, the sender too, that the sender is typing, and not others', async () => {
    const [bobQ, carolQ, aliceQ] = await Promise.all([
      TestEventQueue.register(bob),
      TestEventQueue.register(carol),
      TestEventQueue.register(alice),
    ]);
    expect((await typing(alice, { op: 'start', to: [bob.userId] })).body).toEqual({ result: 'success', msg: '' });
    const event = await bobQ.waitFor(isTypingBy(alice));
    expect(event).toEqual({
      id: expect.any(Number),
      type: 'typing',
      op: 'start',
      message_type: 'direct',
      sender: { user_id: alice.userId, email: expect.any(String) },
      recipients: expect.arrayContaining([
        { user_id: bob.userId, email: expect.any(String) },
        { user_id: alice.userId, email: expect.any(String) },
      ]),
    });
    await typing(alice, { op: 'stop', to: [bob.userId] });
    expect((await bobQ.waitFor((e) => isTypingBy(alice)(e) && e.op === 'stop')).op).toBe('stop');
    await none(carolQ, isTypingBy(alice));
    expect((await aliceQ.drain()).filter(isTypingBy(alice)).map((e) => e.op)).toEqual(['start', 'stop']);
  });

  it('tells nobody who turned receives_typing_notifications off', async () => {
    const quiet = await createUser({ label: 'typing-quiet' });
    expect((await api('PATCH', '/settings', { auth: quiet, params: { receives_typing_notifications: false } })).status).toBe(200);
    const [quietQ, bobQ] = await Promise.all([TestEventQueue.register(quiet), TestEventQueue.register(bob)]);
    await typing(alice, { op: 'start', to: [quiet.userId, bob.userId] });
    await bobQ.waitFor(isTypingBy(alice));
    await none(quietQ, isTypingBy(alice));
  });

  it('tells a channel’s subscribers (the sender too) whose clients declared stream_typing_notifications', async () => {
    const channelId = await createChannel({ subscribers: [alice.userId, bob.userId] });
    const [capable, plain, carolQ, aliceQ] = await Promise.all([
      TestEventQueue.register(bob, { client_capabilities: { stream_typing_notifications: true } }),
      TestEventQueue.register(bob),
      TestEventQueue.register(carol, { client_capabilities: { stream_typing_notifications: true } }),
      TestEventQueue.register(alice, { client_capabilities: { stream_typing_notifications: true } }),
    ]);
    expect((await typing(alice, { type: 'channel', op: 'start', stream_id: channelId, topic: 'lunch' })).status).toBe(200);
    expect(await capable.waitFor(isTypingBy(alice))).toEqual({
      id: expect.any(Number),
      type: 'typing',
      op: 'start',
      message_type: 'stream',
      sender: { user_id: alice.userId, email: expect.any(String) },
      stream_id: channelId,
      topic: 'lunch',
    });
    expect((await aliceQ.waitFor(isTypingBy(alice))).stream_id).toBe(channelId);
    await none(plain, isTypingBy(alice));
    await none(carolQ, isTypingBy(alice));
  });

  it.each([
    ['no op', { to: [1] }, "Missing 'op' argument"],
    ['no to', { op: 'start' }, "Missing 'to' argument"],
    ['an unknown user', { op: 'start', to: [999_999_999] }, 'Invalid user ID 999999999'],
    ['a channel without its id', { type: 'channel', op: 'start', topic: 'x' }, 'Missing channel ID'],
    ['an unknown channel', { type: 'stream', op: 'start', stream_id: 999_999, topic: 'x' }, 'Invalid channel ID'],
  ])('refuses %s', async (_, params, msg) => {
    const res = await typing(alice, params);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', msg });
  });

  it('refuses a private channel the sender cannot see', async () => {
    const channelId = await createChannel({ subscribers: [bob.userId], invite_only: true });
    expect((await typing(alice, { type: 'channel', op: 'start', stream_id: channelId, topic: 'x' })).body).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Invalid channel ID',
    });
  });

  it('needs a valid API key', async () => {
    expect((await api('POST', '/typing', { params: { op: 'start', to: [bob.userId] } })).status).toBe(401);
    expect(
      (await api('POST', '/typing', { auth: { email: alice.email, apiKey: 'x'.repeat(32) }, params: { op: 'start', to: [bob.userId] } }))
        .status,
    ).toBe(401);
  });

  describe('POST /messages/{message_id}/typing', () => {
    const editTyping = (auth: TestUser, messageId: number, op: string) =>
      api('POST', `/messages/${messageId}/typing`, { auth, params: { op } });
    const isEditTypingBy = (user: TestUser) => (e: ClientEvent) => e.type === 'typing_edit_message' && e.sender_id === user.userId;
    const send = async (auth: TestUser, params: Record<string, unknown>) =>
      (await api('POST', '/messages', { auth, params })).body.id as number;

    it('tells a channel’s other subscribers that the sender is editing the message, and not others', async () => {
      const channelId = await createChannel({ subscribers: [alice.userId, bob.userId] });
      const messageId = await send(alice, { type: 'stream', to: channelId, topic: 'edits', content: 'draft' });
      const [bobQ, carolQ] = await Promise.all([TestEventQueue.register(bob), TestEventQueue.register(carol)]);
      expect((await editTyping(alice, messageId, 'start')).body).toEqual({ result: 'success', msg: '' });
      expect(await bobQ.waitFor(isEditTypingBy(alice))).toEqual({
        id: expect.any(Number),
        type: 'typing_edit_message',
        op: 'start',
        sender_id: alice.userId,
        message_id: messageId,
        recipient: { type: 'channel', channel_id: channelId, topic: 'edits' },
      });
      await editTyping(alice, messageId, 'stop');
      expect((await bobQ.waitFor((e) => isEditTypingBy(alice)(e) && e.op === 'stop')).op).toBe('stop');
      await none(carolQ, isEditTypingBy(alice));
    });

    it('tells a direct message’s participants who receive typing notifications, naming those told as the recipient', async () => {
      const quiet = await createUser({ label: 'typing-edit-quiet' });
      expect((await api('PATCH', '/settings', { auth: quiet, params: { receives_typing_notifications: false } })).status).toBe(200);
      const messageId = await send(alice, { type: 'direct', to: [bob.userId, quiet.userId], content: 'hi' });
      const [bobQ, quietQ, carolQ] = await Promise.all([
        TestEventQueue.register(bob),
        TestEventQueue.register(quiet),
        TestEventQueue.register(carol),
      ]);
      await editTyping(alice, messageId, 'start');
      const event = await bobQ.waitFor(isEditTypingBy(alice));
      expect(event.recipient).toEqual({ type: 'direct', user_ids: [alice.userId, bob.userId].sort((a, b) => a - b) });
      await none(quietQ, isEditTypingBy(alice));
      await none(carolQ, isEditTypingBy(alice));
    });

    it('refuses a message the caller cannot read, an unknown one and a bad op', async () => {
      const hidden = await send(alice, { type: 'direct', to: [bob.userId], content: 'between us' });
      expect((await editTyping(carol, hidden, 'start')).body).toMatchObject({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Invalid message(s)',
      });
      expect((await editTyping(carol, 999_999_999, 'start')).body).toMatchObject({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Invalid message(s)',
      });
      const res = await editTyping(alice, hidden, 'pause');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    });

    it('needs a valid API key', async () => {
      expect((await api('POST', '/messages/1/typing', { params: { op: 'start' } })).status).toBe(401);
      expect(
        (await api('POST', '/messages/1/typing', { auth: { email: alice.email, apiKey: 'x'.repeat(32) }, params: { op: 'start' } })).status,
      ).toBe(401);
    });
  });
});

import { Role } from '@zulip-es/contracts';
import {
  api,
  captureEvents,
  createChannel,
  createUser,
  owner,
  uniqueChannelName,
  type Credentials,
  type EventCapture,
} from '@zulip-es/testing';

const send = (auth: Credentials, params: Record<string, unknown>) => api('POST', '/messages', { auth, params });
const getById = (auth: Credentials, id: number, params: Record<string, unknown> = {}) => api('GET', `/messages/${id}`, { auth, params });
const apiEmail = async (auth: Credentials): Promise<string> => (await api('GET', '/users/me', { auth })).body.email as string;

describe('POST /messages', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('sends a channel message by channel name, publishes it, and ids increase', async () => {
    const user = await createUser();
    const name = uniqueChannelName('send');
    const channelId = await createChannel({ name, subscribers: [user.userId] });
    const first = await send(user, { type: 'stream', to: name, topic: 'greetings', content: 'hello **world**' });
    expect(first.body).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    const second = await send(user, { type: 'channel', to: String(channelId), subject: 'greetings', content: 'again' });
    expect(second.body.id).toBeGreaterThan(first.body.id as number);
    const event = await capture.waitFor((e) => e.type === 'message.sent.v1' && e.data.messageId === first.body.id);
    expect(event).toMatchObject({
      aggregateId: 'messages',
      actorId: user.userId,
      data: {
        senderId: user.userId,
        conversation: { type: 'channel', channelId, topic: 'greetings' },
        content: 'hello **world**',
        renderedContent: '<p>hello <strong>world</strong></p>',
        readBySender: false,
      },
    });
    // Sent through the API, not from one of Zulip's apps: unread for its sender too, as on Zulip.
    const read = await getById(user, first.body.id as number);
    expect(read.body).toMatchObject({
      result: 'success',
      raw_content: 'hello **world**',
      message: {
        id: first.body.id,
        type: 'stream',
        stream_id: channelId,
        display_recipient: name,
        subject: 'greetings',
        content: '<p>hello <strong>world</strong></p>',
        sender_id: user.userId,
        sender_full_name: user.fullName,
        content_type: 'text/html',
        flags: [],
        reactions: [],
        submessages: [],
        topic_links: [],
      },
    });
  });

  it("records the client the message came from: the client parameter, else the User-Agent's product name", async () => {
    const user = await createUser();
    const name = uniqueChannelName('client');
    await createChannel({ name, subscribers: [user.userId] });
    const message = { type: 'stream', to: name, topic: 'clients', content: 'from a phone' };
    const fromPhone = await api('POST', '/messages', {
      auth: user,
      params: message,
      headers: { 'user-agent': 'ZulipMobile/27.1 (Android 10)' },
    });
    const named = await api('POST', '/messages', {
      auth: user,
      params: { ...message, client: 'website' },
      headers: { 'user-agent': 'Mozilla/5.0 (X11)' },
    });
    expect(named.body).toEqual({ result: 'success', msg: '', id: expect.any(Number) }); // not an ignored parameter
    expect((await getById(user, fromPhone.body.id as number)).body.message).toMatchObject({ client: 'ZulipMobile' });
    expect((await getById(user, named.body.id as number)).body.message).toMatchObject({ client: 'website' });
  });

  it('reads a JSON-encoded channel id and a channel name in a list', async () => {
    const name = uniqueChannelName('json');
    const channelId = await createChannel({ name });
    expect((await send(owner(), { type: 'stream', to: channelId, topic: 't', content: 'by id' })).status).toBe(200);
    expect((await send(owner(), { type: 'stream', to: [name], topic: 't', content: 'by list' })).status).toBe(200);
  });

  it('refuses unknown channels by name and by id with STREAM_DOES_NOT_EXIST', async () => {
    const name = uniqueChannelName('nowhere');
    expect((await send(owner(), { type: 'stream', to: name, topic: 't', content: 'x' })).body).toEqual({
      result: 'error',
      code: 'STREAM_DOES_NOT_EXIST',
      msg: `Channel '${name}' does not exist`,
      stream: name,
    });
    expect((await send(owner(), { type: 'stream', to: '999999', topic: 't', content: 'x' })).body).toEqual({
      result: 'error',
      code: 'STREAM_DOES_NOT_EXIST',
      msg: "Channel with ID '999999' does not exist",
      stream_id: 999999,
    });
  });

  it('refuses a missing topic, empty content and null bytes', async () => {
    const name = uniqueChannelName('rules');
    await createChannel({ name });
    expect((await send(owner(), { type: 'stream', to: name, content: 'x' })).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Missing topic',
    });
    expect((await send(owner(), { type: 'stream', to: name, topic: 't', content: '  \n ' })).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Message must not be empty',
    });
    expect((await send(owner(), { type: 'stream', to: name, topic: 't', content: 'a\u0000b' })).body).toMatchObject({
      msg: 'Message must not contain null bytes',
    });
  });

  it('truncates long content and long topics as Zulip does, and reads "(no topic)" and "general chat" as the empty topic', async () => {
    const name = uniqueChannelName('long');
    await createChannel({ name });
    const long = await send(owner(), { type: 'stream', to: name, topic: 'x'.repeat(70), content: 'y'.repeat(10_050) });
    const message = (await getById(owner(), long.body.id as number, { apply_markdown: false })).body.message as Record<string, string>;
    expect(message.subject).toBe(`${'x'.repeat(57)}...`);
    expect(message.content).toHaveLength(10_000);
    expect(message.content.endsWith('\n[message truncated]')).toBe(true);
    for (const topic of ['(no topic)', 'general chat', '']) {
      const res = await send(owner(), { type: 'stream', to: name, topic, content: 'general' });
      const read = await getById(owner(), res.body.id as number, { allow_empty_topic_name: true });
      expect((read.body.message as Record<string, string>).subject).toBe('');
      expect(((await getById(owner(), res.body.id as number)).body.message as Record<string, string>).subject).toBe('general chat');
    }
  });

  it('refuses the empty topic where the channel requires topics', async () => {
    const name = uniqueChannelName('topics');
    await createChannel({ name, topics_policy: JSON.stringify('disable_empty_topic') });
    expect((await send(owner(), { type: 'stream', to: name, topic: '', content: 'x' })).body).toMatchObject({ code: 'TOPICS_REQUIRED' });
    expect((await send(owner(), { type: 'stream', to: name, topic: 'real', content: 'x' })).status).toBe(200);
  });

  it("refuses senders outside the channel's can_send_message_group", async () => {
    const user = await createUser();
    const name = uniqueChannelName('announce');
    await createChannel({ name, subscribers: [user.userId], can_send_message_group: 3 });
    expect((await send(user, { type: 'stream', to: name, topic: 't', content: 'x' })).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'You do not have permission to post in this channel.',
    });
    expect((await send(owner(), { type: 'stream', to: name, topic: 't', content: 'x' })).status).toBe(200);
  });

  it.each([
    [Role.ADMINISTRATOR, 'private, unsubscribed', 400],
    [Role.MEMBER, 'private, unsubscribed', 400],
    [Role.GUEST, 'public, unsubscribed', 400],
    [Role.MEMBER, 'public, unsubscribed', 200],
  ])('role %i sending to a %s channel: %i', async (role, kind, status) => {
    const user = await createUser({ role });
    const name = uniqueChannelName('access');
    await createChannel({ name, invite_only: kind.startsWith('private') });
    const res = await send(user, { type: 'stream', to: name, topic: 't', content: 'x' });
    expect(res.status).toBe(status);
    if (status === 400)
      expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: `Not authorized to send to channel '${name}'` });
  });

  it('lets a guest send to a channel they are subscribed to', async () => {
    const guest = await createUser({ role: Role.GUEST });
    const name = uniqueChannelName('guest');
    await createChannel({ name, subscribers: [guest.userId] });
    expect((await send(guest, { type: 'stream', to: name, topic: 't', content: 'x' })).status).toBe(200);
  });

  it('sends direct messages one-to-one, to a group, and to oneself, by ids and by emails', async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const one = await send(a, { type: 'direct', to: [b.userId], content: 'hi b' });
    expect(one.status).toBe(200);
    const event = await capture.waitFor((e) => e.type === 'message.sent.v1' && e.data.messageId === one.body.id);
    expect(event.data).toMatchObject({ conversation: { type: 'direct', userIds: [a.userId, b.userId].sort((x, y) => x - y) } });
    const read = (await getById(b, one.body.id as number)).body.message as Record<string, unknown>;
    expect(read).toMatchObject({ type: 'private', subject: '', sender_id: a.userId });
    expect((read.display_recipient as { id: number }[]).map((r) => r.id)).toEqual([a.userId, b.userId].sort((x, y) => x - y));
    const group = await send(a, { type: 'private', to: JSON.stringify([await apiEmail(b), await apiEmail(c)]), content: 'hi all' });
    expect(group.status).toBe(200);
    const again = await send(c, { type: 'direct', to: [a.userId, b.userId], content: 'same group' });
    const groupRead = (await getById(c, group.body.id as number)).body.message as Record<string, unknown>;
    expect(((await getById(b, again.body.id as number)).body.message as Record<string, unknown>).recipient_id).toBe(groupRead.recipient_id);
    const self = await send(a, { type: 'direct', to: [a.userId], content: 'note to self' });
    expect(((await getById(a, self.body.id as number)).body.message as { display_recipient: unknown[] }).display_recipient).toHaveLength(1);
    expect((await getById(c, one.body.id as number)).body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
  });

  it('refuses unknown and deactivated direct recipients and an empty recipient list', async () => {
    const gone = await createUser();
    await api('DELETE', `/users/${gone.userId}`, { auth: owner() });
    expect((await send(owner(), { type: 'direct', to: ['nobody-here@example.com'], content: 'x' })).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: "Invalid email 'nobody-here@example.com'",
    });
    expect((await send(owner(), { type: 'direct', to: [999999], content: 'x' })).body).toMatchObject({ msg: 'Invalid user ID 999999' });
    expect((await send(owner(), { type: 'direct', to: [], content: 'x' })).body).toMatchObject({ msg: 'Message must have recipients' });
    const res = await send(owner(), { type: 'direct', to: [gone.userId], content: 'x' });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: expect.stringMatching(/^'.+' is no longer using Zulip\.$/) });
  });

  it('refuses an unknown type', async () => {
    const res = await send(owner(), { type: 'letter', to: '[1]', content: 'x' });
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid type' });
  });
});

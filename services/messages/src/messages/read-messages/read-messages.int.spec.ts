import { Role } from '@zulip-es/contracts';
import { api, createChannel, createUser, owner, subscribeTo, uniqueChannelName, type Credentials } from '@zulip-es/testing';

const send = async (auth: Credentials, params: Record<string, unknown>): Promise<number> => {
  const res = await api('POST', '/messages', { auth, params });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.id as number;
};
const fetch = (auth: Credentials, params: Record<string, unknown>) => api('GET', '/messages', { auth, params });
const ids = (body: Record<string, unknown>): number[] => (body.messages as { id: number }[]).map((m) => m.id);

describe('GET /messages', () => {
  it('reads a window around an anchor in a topic, with Zulip found_* flags', async () => {
    const name = uniqueChannelName('window');
    const channelId = await createChannel({ name });
    const sent: number[] = [];
    for (let i = 0; i < 6; i++) sent.push(await send(owner(), { type: 'stream', to: name, topic: 'w', content: `m${i}` }));
    await send(owner(), { type: 'stream', to: name, topic: 'other', content: 'elsewhere' });
    const narrow = [
      { operator: 'channel', operand: channelId },
      { operator: 'topic', operand: 'W' },
    ];
    const newest = await fetch(owner(), { anchor: 'newest', num_before: 3, num_after: 0, narrow });
    expect(newest.body).toMatchObject({
      result: 'success',
      found_anchor: false,
      found_newest: true,
      found_oldest: false,
      history_limited: false,
      anchor: 10_000_000_000_000_000,
    });
    expect(ids(newest.body)).toEqual(sent.slice(3));
    const oldest = await fetch(owner(), { anchor: 'oldest', num_before: 0, num_after: 10, narrow });
    expect(ids(oldest.body)).toEqual(sent);
    expect(oldest.body).toMatchObject({ found_oldest: true, found_newest: true, anchor: 0 });
    const around = await fetch(owner(), { anchor: String(sent[2]), num_before: 1, num_after: 1, narrow });
    expect(ids(around.body)).toEqual(sent.slice(1, 4));
    expect(around.body).toMatchObject({ found_anchor: true, found_oldest: false, found_newest: false, anchor: sent[2] });
    const excluded = await fetch(owner(), { anchor: String(sent[2]), num_before: 0, num_after: 2, include_anchor: false, narrow });
    expect(ids(excluded.body)).toEqual(sent.slice(3, 5));
    const legacy = await fetch(owner(), {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: [
        ['stream', name],
        ['topic', 'w'],
      ],
    });
    expect(ids(legacy.body)).toEqual(sent);
    const channel = await fetch(owner(), {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: [{ operator: 'stream', operand: name }],
    });
    expect(ids(channel.body)).toHaveLength(7);
  });

  it('narrows to direct conversations, all direct messages and a sender', async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const ab = await send(a, { type: 'direct', to: [b.userId], content: 'a to b' });
    const ba = await send(b, { type: 'direct', to: [a.userId], content: 'b to a' });
    const abc = await send(c, { type: 'direct', to: [a.userId, b.userId], content: 'group' });
    const withB = await fetch(a, { anchor: 'newest', num_before: 10, narrow: [{ operator: 'dm', operand: [b.userId] }] });
    expect(ids(withB.body)).toEqual([ab, ba]);
    const legacy = await fetch(a, {
      anchor: 'newest',
      num_before: 10,
      narrow: [['pm-with', (await api('GET', '/users/me', { auth: b })).body.email]],
    });
    expect(ids(legacy.body)).toEqual([ab, ba]);
    const all = await fetch(a, { anchor: 'newest', num_before: 10, narrow: [{ operator: 'is', operand: 'dm' }] });
    expect(ids(all.body)).toEqual([ab, ba, abc]);
    const fromC = await fetch(a, {
      anchor: 'newest',
      num_before: 10,
      narrow: [
        { operator: 'is', operand: 'private' },
        { operator: 'sender', operand: c.userId },
      ],
    });
    expect(ids(fromC.body)).toEqual([abc]);
    const notMine = await fetch(a, {
      anchor: 'newest',
      num_before: 10,
      narrow: [
        { operator: 'is', operand: 'dm' },
        { operator: 'sender', operand: 'me', negated: true },
      ],
    });
    expect(ids(notMine.body)).toEqual([ba, abc]);
    const outsider = await fetch(await createUser(), { anchor: 'newest', num_before: 10, narrow: [{ operator: 'is', operand: 'dm' }] });
    expect(ids(outsider.body)).toEqual([]);
  });

  it("shows the reader's own history without a narrow: subscribed channels and direct messages", async () => {
    const user = await createUser();
    const name = uniqueChannelName('home');
    await subscribeTo([name], {}, user);
    const inChannel = await send(owner(), { type: 'stream', to: name, topic: 't', content: 'x' });
    const direct = await send(owner(), { type: 'direct', to: [user.userId], content: 'y' });
    const res = await fetch(user, { anchor: String(inChannel), num_before: 0, num_after: 2 });
    expect(ids(res.body).slice(0, 2)).toEqual([inChannel, direct]);
  });

  it('shows a protected-history channel only from when the reader subscribed, and keeps what they received after they leave', async () => {
    const [early, late] = [await createUser(), await createUser()];
    const name = uniqueChannelName('protected');
    const channelId = await createChannel({ name, invite_only: true, history_public_to_subscribers: false, subscribers: [early.userId] });
    const before = await send(early, { type: 'stream', to: name, topic: 't', content: 'before' });
    await subscribeTo([name], { principals: [late.userId] }, early);
    const after = await send(early, { type: 'stream', to: name, topic: 't', content: 'after' });
    const narrow = [{ operator: 'channel', operand: channelId }];
    expect(ids((await fetch(early, { anchor: 'newest', num_before: 10, narrow })).body)).toEqual([before, after]);
    expect(ids((await fetch(late, { anchor: 'newest', num_before: 10, narrow })).body)).toEqual([after]);
    expect((await api('GET', `/messages/${before}`, { auth: late })).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Invalid message(s)',
    });
    await api('DELETE', '/users/me/subscriptions', { auth: late, params: { subscriptions: [name] } });
    const afterLeaving = await send(early, { type: 'stream', to: name, topic: 't', content: 'later' });
    expect((await api('GET', `/messages/${after}`, { auth: late })).status).toBe(200);
    expect((await api('GET', `/messages/${afterLeaving}`, { auth: late })).status).toBe(400);
  });

  it.each([
    [Role.ADMINISTRATOR, false],
    [Role.MEMBER, false],
    [Role.GUEST, false],
  ])('role %i unsubscribed from a private channel with shared history reads it: %s', async (role, readable) => {
    const [user, insider] = [await createUser({ role }), await createUser()];
    const name = uniqueChannelName('private');
    const channelId = await createChannel({ name, invite_only: true, subscribers: [insider.userId] });
    const id = await send(insider, { type: 'stream', to: name, topic: 't', content: 'secret' });
    expect((await api('GET', `/messages/${id}`, { auth: user })).status).toBe(readable ? 200 : 400);
    expect(
      ids((await fetch(user, { anchor: 'newest', num_before: 5, narrow: [{ operator: 'channel', operand: channelId }] })).body),
    ).toEqual([]);
  });

  it('lets members but not guests read public channels they never joined', async () => {
    const [member, guest] = [await createUser(), await createUser({ role: Role.GUEST })];
    const name = uniqueChannelName('public');
    await createChannel({ name });
    const id = await send(owner(), { type: 'stream', to: name, topic: 't', content: 'open' });
    expect((await api('GET', `/messages/${id}`, { auth: member })).status).toBe(200);
    expect((await api('GET', `/messages/${id}`, { auth: guest })).status).toBe(400);
  });

  it('returns raw Markdown without apply_markdown and the listed message_ids', async () => {
    const name = uniqueChannelName('raw');
    await createChannel({ name });
    const id = await send(owner(), { type: 'stream', to: name, topic: 't', content: '*hi*' });
    const res = await fetch(owner(), { message_ids: [id, 999_999], apply_markdown: false });
    expect(res.body.messages).toEqual([expect.objectContaining({ id, content: '*hi*', content_type: 'text/x-markdown' })]);
  });

  it('refuses bad ranges, anchors and narrows as Zulip does', async () => {
    expect((await fetch(owner(), { anchor: 'newest', num_before: 3000, num_after: 3000 })).body).toMatchObject({
      msg: 'Too many messages requested (maximum 5000).',
    });
    expect((await fetch(owner(), { anchor: '5', num_before: 1, num_after: 1, include_anchor: false })).body).toMatchObject({
      msg: 'The anchor can only be excluded at an end of the range',
    });
    expect((await fetch(owner(), { anchor: 'sometime', num_before: 1 })).body).toMatchObject({ msg: 'Invalid anchor' });
    expect(
      (await fetch(owner(), { anchor: 'newest', num_before: 1, narrow: [{ operator: 'channel', operand: uniqueChannelName('none') }] }))
        .body,
    ).toMatchObject({ code: 'BAD_REQUEST', msg: expect.stringMatching(/^Invalid narrow operator: unknown channel/) });
    expect((await fetch(owner(), { anchor: 'newest', num_before: 1, narrow: [{ operator: 'near', operand: '1' }] })).body).toMatchObject({
      msg: 'Invalid narrow operator: unknown operator near',
    });
    expect((await fetch(owner(), { anchor: 'newest', num_before: 1, message_ids: [1] })).body).toMatchObject({
      msg: 'Unsupported parameter combination: anchor, num_before, message_ids',
    });
    expect((await api('GET', '/messages/999999', { auth: owner() })).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Invalid message(s)',
    });
  });
});

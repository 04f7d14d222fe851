import { Role } from '@zulip-es/contracts';
import { api, captureEvents, createChannel, createUser, owner, type EventCapture } from '@zulip-es/testing';
import { badRequest, DEACTIVATED, draftParams, draftsOf, saveDrafts } from '../../testing/drafts.fixtures';

describe('POST /drafts', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('saves a list of drafts, answers their ids in order and publishes each one', async () => {
    const [user, other] = [await createUser({ label: 'drafter' }), await createUser({ label: 'recipient' })];
    const channelId = await createChannel();
    const res = await saveDrafts(user, [
      draftParams({ type: 'stream', to: [channelId], topic: 'plans', content: 'Channel draft', timestamp: 1_595_479_019 }),
      draftParams({ type: 'private', to: [other.userId, user.userId], content: 'Direct draft', timestamp: 1_595_479_020.5 }),
      draftParams({ type: '', content: 'Unaddressed', timestamp: 1_595_479_021 }),
    ]);
    expect(res.status).toBe(200);
    const ids = res.body.ids as number[];
    expect(res.body).toEqual({ result: 'success', msg: '', ids: [expect.any(Number), expect.any(Number), expect.any(Number)] });
    expect(new Set(ids).size).toBe(3);
    expect(await draftsOf(user)).toEqual([
      { id: ids[0], type: 'stream', to: [channelId], topic: 'plans', content: 'Channel draft', timestamp: 1_595_479_019 },
      { id: ids[1], type: 'private', to: [other.userId], topic: '', content: 'Direct draft', timestamp: 1_595_479_020 },
      { id: ids[2], type: '', to: [], topic: '', content: 'Unaddressed', timestamp: 1_595_479_021 },
    ]);
    const created = await capture.waitFor((e) => e.type === 'draft.created.v1' && (e.data.draft as { id: number }).id === ids[1]);
    expect(created).toMatchObject({
      aggregateId: `drafts:${user.userId}`,
      actorId: user.userId,
      data: { userId: user.userId, draft: { to: [other.userId], timestamp: 1_595_479_020.5 } },
    });
  });

  it('gives ids unique across users and stamps drafts sent without a timestamp', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const before = Math.floor(Date.now() / 1000);
    const [ra, rb] = await Promise.all([saveDrafts(a, [draftParams()]), saveDrafts(b, [draftParams()])]);
    expect(ra.body.ids).not.toEqual(rb.body.ids);
    const [saved] = await draftsOf(a);
    expect(saved.timestamp).toBeGreaterThanOrEqual(before);
    expect(saved.timestamp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it.each([
    ['an administrator', Role.ADMINISTRATOR],
    ['a moderator', Role.MODERATOR],
    ['a guest', Role.GUEST],
  ])('lets %s keep drafts too', async (_who, role) => {
    const user = await createUser({ role });
    const res = await saveDrafts(user, [draftParams({ type: 'private', to: [user.userId] })]);
    expect(res.status).toBe(200);
    expect((await draftsOf(user)).map((d) => d.id)).toEqual(res.body.ids);
  });

  it('answers an empty list with no ids', async () => {
    expect((await saveDrafts(await createUser(), [])).body).toEqual({ result: 'success', msg: '', ids: [] });
  });

  it('cuts a long channel topic and a long content, as Zulip does for messages', async () => {
    const user = await createUser();
    const channelId = await createChannel();
    await saveDrafts(user, [draftParams({ type: 'stream', to: [channelId], topic: 't'.repeat(61), content: `${'c'.repeat(10_001)}  \n` })]);
    const [saved] = await draftsOf(user);
    expect(saved.topic).toBe(`${'t'.repeat(57)}...`);
    expect(saved.content).toBe(`${'c'.repeat(10_000 - 20)}\n[message truncated]`);
  });

  describe('refuses, saving none of the list,', () => {
    let user: Awaited<ReturnType<typeof createUser>>;
    let privateChannel: number;
    let deactivated: number;
    beforeAll(async () => {
      user = await createUser({ label: 'bad-drafts' });
      privateChannel = await createChannel({ invite_only: true, subscribers: [] });
      deactivated = (await createUser()).userId;
      expect((await api('DELETE', `/users/${deactivated}`, { auth: owner() })).status).toBe(200);
    });

    it.each([
      ['an unknown type', { type: 'stream-ish' }, 'Invalid drafts[1]["type"]'],
      ['a blank content', { content: ' \n ' }, 'drafts[1]["content"] cannot be blank'],
      ['an id sent by the client', { id: 4 }, 'Argument "id" at drafts[1]["id"] is unexpected'],
      ['a missing recipient list', { to: undefined }, 'drafts[1]["to"] is not a list'],
      ['null bytes in the content', { content: 'a\u0000b' }, 'Message must not contain null bytes'],
      ['a negative timestamp', { timestamp: -5 }, 'Timestamp must not be negative.'],
      ['null bytes in a channel topic', { type: 'stream', to: [1], topic: 'a\u0000b' }, 'Topic must not contain null bytes'],
      ['a channel draft without exactly one channel', { type: 'stream', to: [] }, 'Must specify exactly 1 channel ID for channel messages'],
      ['an unknown channel', { type: 'stream', to: [999_999_999] }, 'Invalid channel ID'],
      ['an unknown user', { type: 'private', to: [999_999_999] }, 'Invalid user ID 999999999'],
    ])('%s', async (_case, overrides, msg) => {
      const res = await saveDrafts(user, [draftParams(), draftParams(overrides)]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(badRequest(msg));
      expect(await draftsOf(user)).toEqual([]);
    });

    it('a private channel the caller cannot read', async () => {
      expect((await saveDrafts(user, [draftParams({ type: 'stream', to: [privateChannel] })])).body).toEqual(
        badRequest('Invalid channel ID'),
      );
    });

    it('a deactivated recipient', async () => {
      const res = await saveDrafts(user, [draftParams({ type: 'private', to: [deactivated] })]);
      expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: expect.stringMatching(/^'.+' is no longer using Zulip\.$/) });
    });

    it('a request without drafts', async () => {
      expect((await api('POST', '/drafts', { auth: user })).body).toEqual({
        result: 'error',
        code: 'REQUEST_VARIABLE_MISSING',
        msg: "Missing 'drafts' argument",
        var_name: 'drafts',
      });
    });
  });

  it('refuses a deactivated user', async () => {
    const user = await createUser();
    await api('DELETE', `/users/${user.userId}`, { auth: owner() });
    const res = await saveDrafts(user, [draftParams()]);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(DEACTIVATED);
  });
});

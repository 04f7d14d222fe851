import { Role } from '@zulip-es/contracts';
import { api, createChannel, createGroup, createUser, owner, TestEventQueue, type ClientEvent, type TestUser } from '@zulip-es/testing';

/**
 * Each state change reaches, as its Zulip client event, the queues of the users who see it, and
 * no one else's. Absence is exact: the realtime service queues one domain event to every queue
 * of its audience in one Redis step, so once the seeing user has the event, a queue without it
 * will never get it.
 */
describe('fan-out of state changes to event queues', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([
      createUser({ label: 'ev-alice' }),
      createUser({ label: 'ev-bob' }),
      createUser({ label: 'ev-carol' }),
    ]);
  });

  const queuesOf = (...users: TestUser[]) => Promise.all(users.map((u) => TestEventQueue.register(u)));
  const none = async (queue: TestEventQueue, match: (e: ClientEvent) => boolean) => expect((await queue.drain()).filter(match)).toEqual([]);

  describe('message', () => {
    it('reaches the channel’s subscribers with the message as GET /messages shows it, and not others', async () => {
      const channelId = await createChannel({ subscribers: [alice.userId, bob.userId] });
      const [aliceQ, carolQ] = await queuesOf(alice, carol);
      // GET /messages/{id} has no client_gravatar: it always answers the avatar's URL.
      const bobQ = await TestEventQueue.register(bob, { client_gravatar: false });
      // Sent as Zulip's mobile app sends: its sender has read it (an API client's would be unread).
      const sent = await api('POST', '/messages', {
        auth: alice,
        params: { type: 'stream', to: channelId, topic: 'fan-out', content: 'hello **all**' },
        headers: { 'user-agent': 'ZulipMobile/27.0 (Android 14)' },
      });
      expect(sent.status).toBe(200);
      const id = sent.body.id as number;
      const isIt = (e: ClientEvent) => e.type === 'message' && (e.message as { id: number }).id === id;

      const toBob = await bobQ.waitFor(isIt);
      const fetched = (await api('GET', `/messages/${id}`, { auth: bob, params: { apply_markdown: false } })).body.message as Record<
        string,
        unknown
      >;
      const { flags: _flags, ...asListed } = fetched;
      expect(toBob).toEqual({
        id: expect.any(Number),
        type: 'message',
        flags: [],
        message: { ...asListed, content: 'hello **all**', content_type: 'text/x-markdown' },
      });
      expect((await aliceQ.waitFor(isIt)).flags).toEqual(['read']);
      await none(carolQ, isIt);
    });

    it('reaches a direct message’s participants only, rendered for queues registered with apply_markdown', async () => {
      const [aliceQ, carolQ] = await queuesOf(alice, carol);
      const bobHtml = await TestEventQueue.register(bob, { apply_markdown: true });
      const sent = await api('POST', '/messages', {
        auth: alice,
        params: { type: 'direct', to: [bob.userId], content: `hi @**${bob.fullName}|${bob.userId}**` },
      });
      const id = sent.body.id as number;
      const isIt = (e: ClientEvent) => e.type === 'message' && (e.message as { id: number }).id === id;

      const toBob = await bobHtml.waitFor(isIt);
      expect(toBob.flags).toEqual(['mentioned']);
      expect(toBob.message).toMatchObject({
        avatar_url: null,
        type: 'private',
        content_type: 'text/html',
        content: expect.stringContaining(`data-user-id="${bob.userId}"`),
        display_recipient: [
          { id: alice.userId, full_name: alice.fullName, is_mirror_dummy: false, email: expect.any(String) },
          { id: bob.userId, full_name: bob.fullName, is_mirror_dummy: false, email: expect.any(String) },
        ].sort((a, b) => a.id - b.id),
      });
      await aliceQ.waitFor(isIt);
      await none(carolQ, isIt);
    });
  });

  describe('drafts', () => {
    it('tells only the owner of each draft added, updated and removed', async () => {
      const [aliceQ, bobQ] = await queuesOf(alice, bob);
      const created = await api('POST', '/drafts', {
        auth: alice,
        params: { drafts: [{ type: '', to: [], topic: '', content: 'first', timestamp: 1_700_000_000.5 }] },
      });
      const draftId = (created.body.ids as number[])[0]!;
      expect(await aliceQ.waitFor((e) => e.type === 'drafts' && e.op === 'add')).toEqual({
        id: expect.any(Number),
        type: 'drafts',
        op: 'add',
        drafts: [{ id: draftId, type: '', to: [], topic: '', content: 'first', timestamp: 1_700_000_000 }],
      });
      await api('PATCH', `/drafts/${draftId}`, {
        auth: alice,
        params: { draft: { type: '', to: [], topic: '', content: 'second', timestamp: 1_700_000_001 } },
      });
      expect(await aliceQ.waitFor((e) => e.type === 'drafts' && e.op === 'update')).toMatchObject({
        draft: { id: draftId, content: 'second', timestamp: 1_700_000_001 },
      });
      await api('DELETE', `/drafts/${draftId}`, { auth: alice });
      expect(await aliceQ.waitFor((e) => e.type === 'drafts' && e.op === 'remove')).toEqual({
        id: expect.any(Number),
        type: 'drafts',
        op: 'remove',
        draft_id: draftId,
      });
      await none(bobQ, (e) => e.type === 'drafts');
    });
  });

  describe('user_topic and navigation_view', () => {
    it('tells only the user whose topic policy changed', async () => {
      const channelId = await createChannel({ subscribers: [alice.userId] });
      const [aliceQ, bobQ] = await queuesOf(alice, bob);
      expect(
        (await api('POST', '/user_topics', { auth: alice, params: { stream_id: channelId, topic: 'Dinner', visibility_policy: 3 } }))
          .status,
      ).toBe(200);
      expect(await aliceQ.waitFor((e) => e.type === 'user_topic' && e.stream_id === channelId)).toEqual({
        id: expect.any(Number),
        type: 'user_topic',
        stream_id: channelId,
        topic_name: 'Dinner',
        last_updated: expect.any(Number),
        visibility_policy: 3,
      });
      await none(bobQ, (e) => e.type === 'user_topic' && e.stream_id === channelId);
    });

    it('tells only the user whose navigation view was added, updated and removed', async () => {
      const [aliceQ, bobQ] = await queuesOf(alice, bob);
      const fragment = `narrow/channel/${Date.now()}`;
      await api('POST', '/navigation_views', { auth: alice, params: { fragment, is_pinned: true, name: 'Mine' } });
      expect(await aliceQ.waitFor((e) => e.type === 'navigation_view' && e.op === 'add')).toEqual({
        id: expect.any(Number),
        type: 'navigation_view',
        op: 'add',
        navigation_view: { fragment, is_pinned: true, name: 'Mine' },
      });
      await api('PATCH', `/navigation_views/${encodeURIComponent(fragment)}`, { auth: alice, params: { is_pinned: false } });
      expect(await aliceQ.waitFor((e) => e.type === 'navigation_view' && e.op === 'update')).toEqual({
        id: expect.any(Number),
        type: 'navigation_view',
        op: 'update',
        fragment,
        data: { is_pinned: false },
      });
      await api('DELETE', `/navigation_views/${encodeURIComponent(fragment)}`, { auth: alice });
      expect(await aliceQ.waitFor((e) => e.type === 'navigation_view' && e.op === 'remove')).toEqual({
        id: expect.any(Number),
        type: 'navigation_view',
        op: 'remove',
        fragment,
      });
      await none(bobQ, (e) => e.type === 'navigation_view');
    });
  });

  describe('realm_user and user_status', () => {
    it('tells everyone of a new user, as GET /users/{id} shows the user to them', async () => {
      const bobQ = await TestEventQueue.register(bob);
      const dave = await createUser({ label: 'ev-dave' });
      const added = await bobQ.waitFor(
        (e) => e.type === 'realm_user' && e.op === 'add' && (e.person as { user_id: number }).user_id === dave.userId,
      );
      const shown = (await api('GET', `/users/${dave.userId}`, { auth: bob })).body.user as Record<string, unknown>;
      expect(added.person).toEqual({ ...shown, profile_data: {} });
    });

    it('tells everyone of a name change, and of a deactivation everyone but the deactivated user', async () => {
      const erin = await createUser({ label: 'ev-erin' });
      const [bobQ, erinQ] = await queuesOf(bob, erin);
      expect((await api('PATCH', `/users/${erin.userId}`, { auth: owner(), params: { full_name: 'Erin Renamed' } })).status).toBe(200);
      const isUpdate = (key: string) => (e: ClientEvent) =>
        e.type === 'realm_user' &&
        e.op === 'update' &&
        (e.person as Record<string, unknown>).user_id === erin.userId &&
        key in (e.person as object);
      expect(await bobQ.waitFor(isUpdate('full_name'))).toEqual({
        id: expect.any(Number),
        type: 'realm_user',
        op: 'update',
        person: { user_id: erin.userId, full_name: 'Erin Renamed' },
      });
      await erinQ.waitFor(isUpdate('full_name'));

      expect((await api('DELETE', `/users/${erin.userId}`, { auth: owner() })).status).toBe(200);
      expect(await bobQ.waitFor(isUpdate('is_active'))).toEqual({
        id: expect.any(Number),
        type: 'realm_user',
        op: 'update',
        person: { user_id: erin.userId, is_active: false },
      });
    });

    it('tells everyone of a status change, with only what changed', async () => {
      const [aliceQ, bobQ] = await queuesOf(alice, bob);
      await api('POST', '/users/me/status', { auth: alice, params: { status_text: 'at lunch' } });
      const isIt = (e: ClientEvent) => e.type === 'user_status' && e.user_id === alice.userId;
      expect(await bobQ.waitFor(isIt)).toEqual({
        id: expect.any(Number),
        type: 'user_status',
        user_id: alice.userId,
        status_text: 'at lunch',
      });
      await aliceQ.waitFor(isIt);
    });
  });

  describe('message changes', () => {
    const send = async (to: number, topic: string, content: string) =>
      (await api('POST', '/messages', { auth: alice, params: { type: 'stream', to, topic, content } })).body.id as number;

    it('tells the channel’s readers of a content edit, and not others', async () => {
      const channelId = await createChannel({ subscribers: [alice.userId, bob.userId] });
      const id = await send(channelId, 'edits', 'before');
      const [bobQ, carolQ] = await queuesOf(bob, carol);
      expect((await api('PATCH', `/messages/${id}`, { auth: alice, params: { content: 'after' } })).status).toBe(200);
      const isIt = (e: ClientEvent) => e.type === 'update_message' && e.message_id === id;
      expect(await bobQ.waitFor(isIt)).toEqual({
        id: expect.any(Number),
        type: 'update_message',
        user_id: alice.userId,
        edit_timestamp: expect.any(Number),
        message_id: id,
        message_ids: [id],
        flags: [],
        rendering_only: false,
        stream_id: channelId,
        stream_name: expect.any(String),
        orig_content: 'before',
        orig_rendered_content: '<p>before</p>',
        content: 'after',
        rendered_content: '<p>after</p>',
        is_me_message: false,
      });
      await none(carolQ, isIt);
    });

    it('tells the channel’s readers of a topic move with the moved ids', async () => {
      const channelId = await createChannel({ subscribers: [alice.userId, bob.userId] });
      const first = await send(channelId, 'old', 'one');
      const second = await send(channelId, 'old', 'two');
      const bobQ = await TestEventQueue.register(bob);
      expect(
        (await api('PATCH', `/messages/${first}`, { auth: alice, params: { topic: 'new', propagate_mode: 'change_all' } })).status,
      ).toBe(200);
      expect(await bobQ.waitFor((e) => e.type === 'update_message' && e.message_id === first)).toMatchObject({
        message_ids: [first, second],
        propagate_mode: 'change_all',
        orig_subject: 'old',
        subject: 'new',
        topic_links: [],
        stream_id: channelId,
      });
    });

    it('tells readers of a deletion in the form their client asked for', async () => {
      const channelId = await createChannel({ subscribers: [alice.userId, bob.userId] });
      const id = await send(channelId, 'gone', 'bye');
      const [bulk, single, carolQ] = await Promise.all([
        TestEventQueue.register(bob, { client_capabilities: { bulk_message_deletion: true } }),
        TestEventQueue.register(bob),
        TestEventQueue.register(carol),
      ]);
      expect((await api('DELETE', `/messages/${id}`, { auth: owner() })).status).toBe(200);
      expect(await bulk.waitFor((e) => e.type === 'delete_message')).toEqual({
        id: expect.any(Number),
        type: 'delete_message',
        message_ids: [id],
        message_type: 'stream',
        stream_id: channelId,
        topic: 'gone',
      });
      expect(await single.waitFor((e) => e.type === 'delete_message')).toEqual({
        id: expect.any(Number),
        type: 'delete_message',
        message_id: id,
        message_type: 'stream',
        stream_id: channelId,
        topic: 'gone',
      });
      await none(
        carolQ,
        (e) => e.type === 'delete_message' && (e.message_id === id || (e.message_ids as number[] | undefined)?.includes(id) === true),
      );
    });
  });

  describe('subscriptions', () => {
    it('tells a new subscriber of the subscription as GET /users/me/subscriptions shows it, and existing subscribers of the peer', async () => {
      const channelId = await createChannel({ subscribers: [alice.userId] });
      const name = ((await api('GET', `/streams/${channelId}`, { auth: alice })).body.stream as { name: string }).name;
      const [aliceQ, bobQ] = await queuesOf(alice, bob);
      expect(
        (await api('POST', '/users/me/subscriptions', { auth: owner(), params: { subscriptions: [{ name }], principals: [bob.userId] } }))
          .status,
      ).toBe(200);
      const added = await bobQ.waitFor((e) => e.type === 'subscription' && e.op === 'add');
      const listed = (
        (await api('GET', '/users/me/subscriptions', { auth: bob, params: { include_subscribers: true } })).body.subscriptions as {
          stream_id: number;
        }[]
      ).find((sub) => sub.stream_id === channelId);
      expect(added.subscriptions).toEqual([listed]);
      expect(await aliceQ.waitFor((e) => e.type === 'subscription' && e.op === 'peer_add')).toEqual({
        id: expect.any(Number),
        type: 'subscription',
        op: 'peer_add',
        stream_ids: [channelId],
        user_ids: [bob.userId],
      });

      expect((await api('DELETE', '/users/me/subscriptions', { auth: bob, params: { subscriptions: [name] } })).status).toBe(200);
      expect(await bobQ.waitFor((e) => e.type === 'subscription' && e.op === 'remove')).toEqual({
        id: expect.any(Number),
        type: 'subscription',
        op: 'remove',
        subscriptions: [{ name, stream_id: channelId }],
      });
      expect(await aliceQ.waitFor((e) => e.type === 'subscription' && e.op === 'peer_remove')).toMatchObject({
        stream_ids: [channelId],
        user_ids: [bob.userId],
      });
    });

    it('tells those who may see a new private channel, and not other members', async () => {
      const [aliceQ, carolQ] = await queuesOf(alice, carol);
      const ownerQ = await TestEventQueue.register(owner());
      const channelId = await createChannel({ subscribers: [alice.userId], invite_only: true });
      const isIt = (e: ClientEvent) =>
        e.type === 'stream' && e.op === 'create' && (e.streams as { stream_id: number }[])[0]!.stream_id === channelId;
      const created = await ownerQ.waitFor(isIt);
      expect((created.streams as Record<string, unknown>[])[0]).toMatchObject({
        stream_id: channelId,
        invite_only: true,
        subscriber_count: 0,
      });
      await aliceQ.waitFor((e) => e.type === 'subscription' && e.op === 'add');
      await none(carolQ, isIt);
    });

    it('tells a member subscribed to a private channel of the channel before the subscription, and that it is gone once unsubscribed', async () => {
      const channelId = await createChannel({ subscribers: [alice.userId], invite_only: true });
      const name = ((await api('GET', `/streams/${channelId}`, { auth: alice })).body.stream as { name: string }).name;
      const [bobQ] = await queuesOf(bob);
      expect(
        (await api('POST', '/users/me/subscriptions', { auth: alice, params: { subscriptions: [{ name }], principals: [bob.userId] } }))
          .status,
      ).toBe(200);
      await bobQ.waitFor((e) => e.type === 'subscription' && e.op === 'add');
      const listed = (await api('GET', `/streams/${channelId}`, { auth: bob })).body.stream;
      expect(bobQ.received.filter((e) => ['stream', 'subscription'].includes(e.type)).map((e) => [e.type, e.op])).toEqual([
        ['stream', 'create'],
        ['subscription', 'add'],
      ]);
      expect(bobQ.ofType('stream')[0]!.streams).toEqual([listed]);

      expect((await api('DELETE', '/users/me/subscriptions', { auth: bob, params: { subscriptions: [name] } })).status).toBe(200);
      expect(await bobQ.waitFor((e) => e.type === 'stream' && e.op === 'delete')).toEqual({
        id: expect.any(Number),
        type: 'stream',
        op: 'delete',
        streams: [{ stream_id: channelId }],
        stream_ids: [channelId],
      });
    });
  });

  it('tells a member who becomes an administrator of the private channels they now see, and that they are gone once a member again', async () => {
    const channelId = await createChannel({ subscribers: [alice.userId], invite_only: true });
    const promoted = await createUser({ label: 'ev-promoted' });
    const queue = await TestEventQueue.register(promoted);
    const streamOp = (op: string) => (e: ClientEvent) =>
      e.type === 'stream' &&
      e.op === op &&
      ((e.stream_ids ?? (e.streams as { stream_id: number }[]).map((s) => s.stream_id)) as number[]).includes(channelId);
    expect((await api('PATCH', `/users/${promoted.userId}`, { auth: owner(), params: { role: Role.ADMINISTRATOR } })).status).toBe(200);
    const created = await queue.waitFor(streamOp('create'));
    expect((created.streams as { stream_id: number }[]).find((s) => s.stream_id === channelId)).toMatchObject({
      invite_only: true,
      subscriber_count: 1,
    });
    expect(
      await queue.waitFor((e) => e.type === 'subscription' && e.op === 'peer_add' && (e.stream_ids as number[])[0] === channelId),
    ).toMatchObject({ user_ids: [alice.userId] });
    expect((await api('PATCH', `/users/${promoted.userId}`, { auth: owner(), params: { role: Role.MEMBER } })).status).toBe(200);
    await queue.waitFor(streamOp('delete'));
  });

  it('tells a member added to a group that may subscribe to a private channel of the channel, as GET /streams/{id} shows it to them, and that it is gone once removed', async () => {
    const groupId = await createGroup();
    const channelId = await createChannel({ subscribers: [alice.userId], invite_only: true, can_subscribe_group: groupId });
    const granted = await createUser({ label: 'ev-granted' });
    const [grantedQ, carolQ] = await queuesOf(granted, carol);
    const streamOp = (op: string) => (e: ClientEvent) =>
      e.type === 'stream' &&
      e.op === op &&
      ((e.stream_ids ?? (e.streams as { stream_id: number }[]).map((s) => s.stream_id)) as number[]).includes(channelId);
    const members = (change: 'add' | 'delete') =>
      api('POST', `/user_groups/${groupId}/members`, { auth: owner(), params: { [change]: [granted.userId] } });

    expect((await members('add')).status).toBe(200);
    const created = await grantedQ.waitFor(streamOp('create'));
    const shown = (await api('GET', `/streams/${channelId}`, { auth: granted })).body.stream;
    expect((created.streams as { stream_id: number }[]).find((s) => s.stream_id === channelId)).toEqual(shown);
    expect(
      await grantedQ.waitFor((e) => e.type === 'subscription' && e.op === 'peer_add' && (e.stream_ids as number[])[0] === channelId),
    ).toMatchObject({ user_ids: [alice.userId] });

    expect((await members('delete')).status).toBe(200);
    await grantedQ.waitFor(streamOp('delete'));
    await none(carolQ, (e) => streamOp('create')(e) || streamOp('delete')(e));
  });

  describe('default channels', () => {
    it('tells members the default channels after each change, and not guests', async () => {
      const channelId = await createChannel();
      const guest = await createUser({ role: Role.GUEST, label: 'ev-guest' });
      const [aliceQ, guestQ] = await Promise.all([
        TestEventQueue.register(alice, { fetch_event_types: ['default_streams'] }),
        TestEventQueue.register(guest),
      ]);
      const before = aliceQ.state.realm_default_streams as number[];
      const isIt = (e: ClientEvent) => e.type === 'default_streams';
      expect((await api('POST', '/default_streams', { auth: owner(), params: { stream_id: channelId } })).status).toBe(200);
      try {
        const added = await aliceQ.waitFor(isIt);
        expect(added).toEqual({
          id: expect.any(Number),
          type: 'default_streams',
          default_streams: [...before, channelId].sort((a, b) => a - b),
        });
        await none(guestQ, isIt);
      } finally {
        expect((await api('DELETE', '/default_streams', { auth: owner(), params: { stream_id: channelId } })).status).toBe(200);
      }
      const removed = await aliceQ.waitFor((e) => isIt(e) && !(e.default_streams as number[]).includes(channelId));
      expect(removed.default_streams).toEqual(before);
    });
  });
});

import {
  api,
  captureEvents,
  createChannel,
  createUser,
  owner,
  subscribeTo,
  TestEventQueue,
  uniqueChannelName,
  type Credentials,
  type EventCapture,
} from '@zulip-es/testing';

const setProperties = (auth: Credentials | undefined, changes: unknown[], extra: Record<string, unknown> = {}) =>
  api('POST', '/users/me/subscriptions/properties', { auth, params: { subscription_data: changes, ...extra } });
const badRequest = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });

type SubscriptionView = { stream_id: number } & Record<string, unknown>;
async function subscriptionOf(auth: Credentials, channelId: number): Promise<SubscriptionView | undefined> {
  return ((await api('GET', '/users/me/subscriptions', { auth })).body.subscriptions as SubscriptionView[]).find(
    (s) => s.stream_id === channelId,
  );
}

const DEFAULTS = {
  is_muted: false,
  in_home_view: true,
  pin_to_top: false,
  desktop_notifications: null,
  audible_notifications: null,
  push_notifications: null,
  email_notifications: null,
  wildcard_mentions_notify: null,
};

describe('POST /users/me/subscriptions/properties', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it("changes the caller's settings of their subscriptions, shown by GET /users/me/subscriptions and POST /register", async () => {
    const user = await createUser({ label: 'sub-props' });
    const [a, b] = [await createChannel({ subscribers: [user.userId] }), await createChannel({ subscribers: [user.userId] })];
    expect(await subscriptionOf(user, a)).toMatchObject(DEFAULTS);
    const res = await setProperties(user, [
      { stream_id: a, property: 'color', value: '#F00' },
      { stream_id: a, property: 'is_muted', value: true },
      { stream_id: a, property: 'pin_to_top', value: true },
      { stream_id: a, property: 'desktop_notifications', value: true },
      { stream_id: a, property: 'audible_notifications', value: false },
      { stream_id: a, property: 'push_notifications', value: true },
      { stream_id: a, property: 'email_notifications', value: false },
      { stream_id: a, property: 'wildcard_mentions_notify', value: true },
      { stream_id: b, property: 'in_home_view', value: false },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const changed = {
      color: '#F00',
      is_muted: true,
      in_home_view: false,
      pin_to_top: true,
      desktop_notifications: true,
      audible_notifications: false,
      push_notifications: true,
      email_notifications: false,
      wildcard_mentions_notify: true,
    };
    expect(await subscriptionOf(user, a)).toMatchObject(changed);
    expect(await subscriptionOf(user, b)).toMatchObject({ ...DEFAULTS, is_muted: true, in_home_view: false });
    const registered = await api('POST', '/register', { auth: user, params: { fetch_event_types: ['subscription'] } });
    expect((registered.body.subscriptions as SubscriptionView[]).find((s) => s.stream_id === a)).toMatchObject(changed);
    const event = await capture.waitFor(
      (e) => e.type === 'subscription.property_changed.v1' && e.data.userId === user.userId && e.data.channelId === b,
    );
    expect(event).toMatchObject({
      aggregateId: `subscription_settings:${user.userId}`,
      sequence: 9,
      data: { property: 'is_muted', value: true },
    });
  });

  it("tells the user's queues of each change, a muting as in_home_view then is_muted", async () => {
    const user = await createUser();
    const id = await createChannel({ subscribers: [user.userId] });
    const queue = await TestEventQueue.register(user, { event_types: ['subscription'] });
    await setProperties(user, [
      { stream_id: id, property: 'in_home_view', value: false },
      { stream_id: id, property: 'color', value: '#abcdef' },
    ]);
    await queue.waitFor((e) => e.property === 'color');
    expect(queue.ofType('subscription').map(({ op, property, value, stream_id }) => ({ op, property, value, stream_id }))).toEqual([
      { op: 'update', property: 'in_home_view', value: false, stream_id: id },
      { op: 'update', property: 'is_muted', value: true, stream_id: id },
      { op: 'update', property: 'color', value: '#abcdef', stream_id: id },
    ]);
  });

  it('keeps the settings of a subscription the user leaves and takes up again', async () => {
    const user = await createUser();
    const name = uniqueChannelName('again');
    const id = await createChannel({ name, subscribers: [user.userId] });
    await setProperties(user, [
      { stream_id: id, property: 'is_muted', value: true },
      { stream_id: id, property: 'color', value: '#123456' },
    ]);
    await api('DELETE', '/users/me/subscriptions', { auth: user, params: { subscriptions: [name] } });
    const queue = await TestEventQueue.register(user, { event_types: ['subscription'] });
    await subscribeTo([name], {}, user);
    const add = await queue.waitFor((e) => e.op === 'add');
    expect(add.subscriptions).toEqual([expect.objectContaining({ stream_id: id, color: '#123456', is_muted: true, in_home_view: false })]);
    expect(await subscriptionOf(user, id)).toMatchObject({ color: '#123456', is_muted: true });
  });

  it.each([
    [[{ property: 'color', value: '#ffffff' }], 'subscription_data[0]["stream_id"] field is missing: Field required'],
    [[{ stream_id: 1, property: 'color' }], 'subscription_data[0]["value"] field is missing: Field required'],
    [[{ stream_id: 1, value: true }], 'subscription_data[0]["property"] field is missing: Field required'],
    [[{ stream_id: 1, property: 'is_muted', value: 'bad' }], 'is_muted is not a boolean'],
    [
      [{ stream_id: 1, property: 'color', value: '3ffrff' }],
      'Invalid subscription_data[0]: Value error, color is not a valid hex color code',
    ],
    [[{ stream_id: 1, property: 'bad', value: 'bad' }], 'Unknown subscription property: bad'],
  ])("refuses %j with Zulip's message", async (changes, msg) => {
    const res = await setProperties(owner(), changes);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badRequest(msg));
  });

  it('refuses a channel that does not exist or that the caller cannot read, and one they are not subscribed to, changing nothing', async () => {
    const user = await createUser();
    const [mine, other, hidden] = [
      await createChannel({ subscribers: [user.userId] }),
      await createChannel(),
      await createChannel({ invite_only: true }),
    ];
    expect((await setProperties(user, [{ stream_id: 999_999_999, property: 'is_muted', value: true }])).body).toEqual(
      badRequest('Invalid channel ID'),
    );
    expect((await setProperties(user, [{ stream_id: hidden, property: 'is_muted', value: true }])).body).toEqual(
      badRequest('Invalid channel ID'),
    );
    const refused = await setProperties(user, [
      { stream_id: mine, property: 'pin_to_top', value: true },
      { stream_id: other, property: 'pin_to_top', value: true },
    ]);
    expect(refused.body).toEqual(badRequest(`Not subscribed to channel ID ${other}`));
    expect(await subscriptionOf(user, mine)).toMatchObject({ pin_to_top: false });
  });

  it('names the parameters it does not read', async () => {
    const user = await createUser();
    const id = await createChannel({ subscribers: [user.userId] });
    const res = await setProperties(user, [{ stream_id: id, property: 'wildcard_mentions_notify', value: true }], {
      invalid_parameter: 'x',
    });
    expect(res.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['invalid_parameter'] });
  });

  it('refuses a request without credentials, with a wrong key, or from a deactivated user', async () => {
    const user = await createUser();
    const id = await createChannel({ subscribers: [user.userId] });
    const changes = [{ stream_id: id, property: 'is_muted', value: true }];
    expect((await setProperties(undefined, changes)).status).toBe(401);
    expect((await setProperties({ email: user.email, apiKey: 'x'.repeat(32) }, changes)).body).toMatchObject({ code: 'INVALID_API_KEY' });
    await api('DELETE', `/users/${user.userId}`, { auth: owner() });
    const deactivated = await setProperties(user, changes);
    expect(deactivated.status).toBe(401);
    expect(deactivated.body).toEqual({ result: 'error', code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
  });
});

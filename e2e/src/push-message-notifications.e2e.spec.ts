import sodium from 'libsodium-wrappers';
import { VisibilityPolicy } from '@zulip-es/contracts';
import {
  addPushTokens,
  api,
  captureEvents,
  createUser,
  eventually,
  FakeProvidersClient,
  subscribeTo,
  systemInfo,
  uniqueApnsToken,
  uniqueChannelName,
  uniqueFcmToken,
  type EventCapture,
  type ReceivedPush,
  type TestUser,
} from '@zulip-es/testing';

describe('push notifications of sent messages', () => {
  const providers = new FakeProvidersClient(systemInfo().env.FAKE_PUSH_PROVIDERS_URL!);
  let capture: EventCapture;
  let sender: TestUser;
  beforeAll(async () => {
    capture = await captureEvents('push');
    sender = await createUser({ label: 'push-sender' });
  });
  afterAll(() => capture.stop());

  /** A user with an FCM and an APNs token the bouncer knows. */
  async function withDevices(label: string): Promise<{ user: TestUser; fcm: string; apns: string }> {
    const user = await createUser({ label });
    const tokens = { fcm: uniqueFcmToken(label), apns: uniqueApnsToken() };
    await addPushTokens(user, tokens);
    return { user, ...tokens };
  }

  const send = async (params: Record<string, unknown>): Promise<number> => {
    const res = await api('POST', '/messages', { auth: sender, params });
    expect(res.status).toBe(200);
    return res.body.id as number;
  };
  /** The message's push to `token`, once it arrived. */
  const pushOf = (token: string, messageId: number): Promise<ReceivedPush> =>
    eventually(
      async () =>
        (await providers.received(token)).find(
          (p) =>
            p.payload.zulip_message_id === String(messageId) ||
            (p.payload.zulip as { message_ids?: number[] } | undefined)?.message_ids?.includes(messageId),
        ),
      `the push of message ${messageId}`,
    );
  const requestedFor = (messageId: number) =>
    capture.settle((e) => e.type === 'push_notification.requested.v1' && e.data.messageId === messageId, 1_500);

  it("pushes a direct message to the recipient's devices, in Zulip's payloads, and not to the sender", async () => {
    const recipient = await withDevices('push-dm');
    const senderToken = uniqueFcmToken('push-dm-sender');
    await addPushTokens(sender, { fcm: senderToken });

    const messageId = await send({ type: 'direct', to: JSON.stringify([recipient.user.userId]), content: 'Lunch at **noon**?' });

    const fcm = await pushOf(recipient.fcm, messageId);
    expect(fcm.payload).toMatchObject({
      event: 'message',
      zulip_message_id: String(messageId),
      content: 'Lunch at noon?',
      content_truncated: 'false',
      sender_id: String(sender.userId),
      sender_full_name: sender.fullName,
      recipient_type: 'private',
      user_id: String(recipient.user.userId),
      realm_name: 'Zulip ES test organization',
      trigger: 'private_message',
    });
    const apns = await pushOf(recipient.apns, messageId);
    expect(apns.payload).toMatchObject({
      aps: { alert: { title: sender.fullName, subtitle: '', body: 'Lunch at noon?' }, sound: 'default' },
      zulip: { message_ids: [messageId], sender_id: sender.userId, recipient_type: 'private', user_id: recipient.user.userId },
    });
    const [requested] = await requestedFor(messageId);
    expect(requested!.data.recipients).toEqual([{ userId: recipient.user.userId, trigger: 'private_message' }]);
    expect((await providers.received(senderToken)).filter((p) => p.payload.zulip_message_id === String(messageId))).toEqual([]);
  });

  it('pushes a channel message to the subscribers it mentions or who follow its topic, not to the others', async () => {
    const [mentioned, follower, bystander] = await Promise.all([
      withDevices('push-mentioned'),
      withDevices('push-follower'),
      withDevices('push-bystander'),
    ]);
    const channel = uniqueChannelName('push');
    for (const auth of [sender, mentioned.user, follower.user, bystander.user])
      expect((await subscribeTo([channel], {}, auth)).status).toBe(200);
    const channelId = (await api('GET', '/get_stream_id', { auth: sender, params: { stream: channel } })).body.stream_id as number;
    expect(
      (
        await api('POST', '/user_topics', {
          auth: follower.user,
          params: { stream_id: channelId, topic: 'plans', visibility_policy: VisibilityPolicy.FOLLOWED },
        })
      ).status,
    ).toBe(200);

    const messageId = await send({
      type: 'stream',
      to: channel,
      topic: 'plans',
      content: `@**${mentioned.user.fullName}|${mentioned.user.userId}** see this`,
    });

    const apns = await pushOf(mentioned.apns, messageId);
    expect(apns.payload).toMatchObject({
      aps: {
        alert: {
          title: `#${channel} > plans`,
          subtitle: `${sender.fullName} mentioned you:`,
          body: `@${mentioned.user.fullName} see this`,
        },
      },
      zulip: { recipient_type: 'stream', stream: channel, stream_id: channelId, topic: 'plans', trigger: 'mentioned' },
    });
    expect((await pushOf(follower.fcm, messageId)).payload).toMatchObject({
      trigger: 'followed_topic_push_notify',
      stream: channel,
      topic: 'plans',
    });
    const [requested] = await requestedFor(messageId);
    expect(requested!.data.recipients).toEqual(
      expect.arrayContaining([
        { userId: mentioned.user.userId, trigger: 'mentioned' },
        { userId: follower.user.userId, trigger: 'followed_topic_push_notify' },
      ]),
    );
    expect((requested!.data.recipients as { userId: number }[]).map((r) => r.userId)).not.toContain(bystander.user.userId);
  });

  it("pushes a topic wildcard mention to the topic's participants and a channel wildcard to every subscriber who lets wildcards notify", async () => {
    const [participant, reader, unmoved] = await Promise.all([
      withDevices('push-participant'),
      withDevices('push-reader'),
      withDevices('push-unmoved'),
    ]);
    expect((await api('PATCH', '/settings', { auth: unmoved.user, params: { wildcard_mentions_notify: false } })).status).toBe(200);
    const channel = uniqueChannelName('push-wildcards');
    for (const auth of [sender, participant.user, reader.user, unmoved.user])
      expect((await subscribeTo([channel], {}, auth)).status).toBe(200);
    expect(
      (
        await api('POST', '/messages', {
          auth: participant.user,
          params: { type: 'stream', to: channel, topic: 'offsite', content: 'Where shall we go?' },
        })
      ).status,
    ).toBe(200);

    const topicWide = await send({ type: 'stream', to: channel, topic: 'offsite', content: '@**topic** we go to the lake' });

    expect((await pushOf(participant.apns, topicWide)).payload).toMatchObject({
      aps: {
        alert: { title: `#${channel} > offsite`, subtitle: `${sender.fullName} mentioned everyone:`, body: '@topic we go to the lake' },
      },
      zulip: { trigger: 'topic_wildcard_mentioned' },
    });
    expect((await requestedFor(topicWide))[0]!.data.recipients).toEqual([
      { userId: participant.user.userId, trigger: 'topic_wildcard_mentioned' },
    ]);

    const channelWide = await send({ type: 'stream', to: channel, topic: 'offsite', content: '@**all** the bus leaves at 9' });

    expect((await pushOf(reader.fcm, channelWide)).payload).toMatchObject({
      trigger: 'stream_wildcard_mentioned',
      content: '@all the bus leaves at 9',
    });
    const [requested] = await requestedFor(channelWide);
    const byUser = (a: { userId: number }, b: { userId: number }) => a.userId - b.userId;
    expect([...(requested!.data.recipients as { userId: number }[])].sort(byUser)).toEqual(
      [participant, reader].map(({ user }) => ({ userId: user.userId, trigger: 'stream_wildcard_mentioned' })).sort(byUser),
    );
  });

  it('notifies no one who turned pushes of direct messages off', async () => {
    const quiet = await withDevices('push-quiet');
    expect((await api('PATCH', '/settings', { auth: quiet.user, params: { enable_offline_push_notifications: false } })).status).toBe(200);

    const messageId = await send({ type: 'direct', to: JSON.stringify([quiet.user.userId]), content: 'shh' });

    expect(await requestedFor(messageId)).toEqual([]);
    expect((await providers.received(quiet.fcm)).filter((p) => p.payload.zulip_message_id === String(messageId))).toEqual([]);
  });

  it('pushes to a user on Zulip (holding an event queue) only with enable_online_push_notifications on', async () => {
    const online = await withDevices('push-online');
    const registered = await api('POST', '/register', {
      auth: online.user,
      params: { event_types: ['message'], fetch_event_types: ['realm'] },
    });
    expect(registered.status).toBe(200);
    expect((await api('PATCH', '/settings', { auth: online.user, params: { enable_online_push_notifications: false } })).status).toBe(200);
    const quietId = await send({ type: 'direct', to: JSON.stringify([online.user.userId]), content: 'you are here' });
    expect(await requestedFor(quietId)).toEqual([]);

    expect((await api('PATCH', '/settings', { auth: online.user, params: { enable_online_push_notifications: true } })).status).toBe(200);
    const pushedId = await send({ type: 'direct', to: JSON.stringify([online.user.userId]), content: 'still pushed' });
    await pushOf(online.fcm, pushedId);

    // Without a queue the user is off Zulip again, and pushed whatever that setting says.
    await api('DELETE', '/events', { auth: online.user, params: { queue_id: registered.body.queue_id } });
    expect((await api('PATCH', '/settings', { auth: online.user, params: { enable_online_push_notifications: false } })).status).toBe(200);
    await pushOf(online.fcm, await send({ type: 'direct', to: JSON.stringify([online.user.userId]), content: 'gone offline' }));
  });

  it('pushes to an end-to-end encrypted device a payload sealed to its key, which only it opens', async () => {
    await sodium.ready;
    const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
    const recipient = await createUser({ label: 'push-e2ee' });
    const device = sodium.crypto_box_keypair();
    const token = uniqueFcmToken('push-e2ee');
    const bouncerKey = (JSON.parse(systemInfo().env.PUSH_BOUNCER_KEYS!) as { public_key: string }[])[0]!.public_key;
    const registration = { token, token_kind: 'fcm', timestamp: Math.floor(Date.now() / 1000) };
    const sealedRegistration = b64(sodium.crypto_box_seal(JSON.stringify(registration), Buffer.from(bouncerKey, 'base64')));
    const params = {
      token_kind: 'fcm',
      push_account_id: 7001,
      push_public_key: b64(device.publicKey),
      bouncer_public_key: bouncerKey,
      encrypted_push_registration: sealedRegistration,
    };
    expect((await api('POST', '/mobile_push/register', { auth: recipient, params })).status).toBe(200);
    await capture.waitFor((e) => e.type === 'push_device.registered.v1' && e.data.userId === recipient.userId);

    const messageId = await send({ type: 'direct', to: JSON.stringify([recipient.userId]), content: 'for your eyes only' });

    const push = await eventually(async () => (await providers.received(token)).at(-1), 'the sealed push');
    expect(Object.keys(push.payload).sort()).toEqual(['encrypted_data', 'push_account_id']);
    expect(push.payload.push_account_id).toBe('7001');
    const opened = sodium.crypto_box_seal_open(
      Buffer.from(push.payload.encrypted_data as string, 'base64'),
      device.publicKey,
      device.privateKey,
    );
    expect(JSON.parse(Buffer.from(opened).toString('utf8'))).toMatchObject({
      push_account_id: 7001,
      event: 'message',
      zulip_message_id: messageId,
      content: 'for your eyes only',
      sender_full_name: sender.fullName,
      recipient_type: 'private',
      user_id: recipient.userId,
    });

    // The app was uninstalled: the provider calls the token dead, and the registration goes.
    await providers.markDead(token);
    await send({ type: 'direct', to: JSON.stringify([recipient.userId]), content: 'anyone there?' });
    const removed = await capture.waitFor((e) => e.type === 'push_device.removed.v1' && e.data.userId === recipient.userId);
    expect(removed.data).toEqual({ userId: recipient.userId, pushAccountId: 7001, reason: 'provider' });
  });
});

import { Role } from '@zulip-es/contracts';
import { api, createChannel, createUser, owner, type Credentials } from '@zulip-es/testing';

const status = (auth: Credentials | undefined, userId: number, channelId: number) =>
  api('GET', `/users/${userId}/subscriptions/${channelId}`, { auth });
const badRequest = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });

/** The Notification Bot's id, as a client learns it: from a direct message's recipients. */
async function notificationBotId(auth: Credentials): Promise<number> {
  const sent = await api('POST', '/messages', {
    auth,
    params: { type: 'direct', to: ['notification-bot@zulip.com'], content: 'hello bot' },
  });
  const message = (await api('GET', `/messages/${sent.body.id as number}`, { auth })).body.message as {
    display_recipient: { id: number; email: string }[];
  };
  return message.display_recipient.find((r) => r.email === 'notification-bot@zulip.com')!.id;
}

describe('GET /users/{user_id}/subscriptions/{stream_id}', () => {
  it('answers whether another user is subscribed to a channel the caller may see, and says nothing else', async () => {
    const [caller, subscriber, other] = [await createUser({ label: 'status' }), await createUser(), await createUser()];
    const id = await createChannel({ subscribers: [subscriber.userId] });
    expect((await status(caller, subscriber.userId, id)).body).toEqual({ result: 'success', msg: '', is_subscribed: true });
    expect((await status(caller, other.userId, id)).body).toEqual({ result: 'success', msg: '', is_subscribed: false });
    expect((await status(subscriber, subscriber.userId, id)).body).toEqual({ result: 'success', msg: '', is_subscribed: true });
  });

  it('turns false once the user leaves the channel', async () => {
    const user = await createUser();
    const name = `left-${Date.now()}`;
    const id = await createChannel({ name, subscribers: [user.userId] });
    await api('DELETE', '/users/me/subscriptions', { auth: user, params: { subscriptions: [name] } });
    expect((await status(owner(), user.userId, id)).body).toMatchObject({ is_subscribed: false });
  });

  it('answers a private channel as missing to a member outside it; administrators see it (metadata access)', async () => {
    const [member, admin, subscriber] = [await createUser(), await createUser({ role: Role.ADMINISTRATOR }), await createUser()];
    const id = await createChannel({ invite_only: true, subscribers: [subscriber.userId] });
    const hidden = await status(member, subscriber.userId, id);
    expect(hidden.status).toBe(400);
    expect(hidden.body).toEqual(badRequest('Invalid channel ID'));
    expect((await status(admin, subscriber.userId, id)).body).toMatchObject({ result: 'success', is_subscribed: true });
  });

  it('answers a public channel as missing to a guest who is not subscribed to it', async () => {
    const [guest, subscriber] = [await createUser({ role: Role.GUEST }), await createUser()];
    const id = await createChannel({ subscribers: [subscriber.userId] });
    expect((await status(guest, subscriber.userId, id)).body).toEqual(badRequest('Invalid channel ID'));
    const shared = await createChannel({ subscribers: [subscriber.userId, guest.userId] });
    expect((await status(guest, subscriber.userId, shared)).body).toMatchObject({ is_subscribed: true });
  });

  it('refuses an unknown channel, an unknown user, a bot and a deactivated user, users first, as Zulip does', async () => {
    const [caller, gone] = [await createUser(), await createUser()];
    const id = await createChannel();
    expect((await status(caller, caller.userId, 999_999_999)).body).toEqual(badRequest('Invalid channel ID'));
    expect((await status(caller, 999_999_999, id)).body).toEqual(badRequest('No such user'));
    expect((await status(caller, 999_999_999, 999_999_999)).body).toEqual(badRequest('No such user'));
    expect((await status(caller, await notificationBotId(caller), id)).body).toEqual(badRequest('No such user'));
    expect((await api('DELETE', `/users/${gone.userId}`, { auth: owner() })).status).toBe(200);
    expect((await status(caller, gone.userId, id)).body).toEqual(badRequest('User is deactivated'));
  });

  it('refuses a request without credentials, with a wrong key, or from a deactivated user', async () => {
    const [caller, target] = [await createUser(), await createUser()];
    const id = await createChannel({ subscribers: [target.userId] });
    const anonymous = await status(undefined, target.userId, id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'UNAUTHORIZED' });
    const wrongKey = await status({ email: caller.email, apiKey: 'x'.repeat(32) }, target.userId, id);
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body).toMatchObject({ code: 'INVALID_API_KEY' });
    await api('DELETE', `/users/${caller.userId}`, { auth: owner() });
    const deactivated = await status(caller, target.userId, id);
    expect(deactivated.status).toBe(401);
    expect(deactivated.body).toEqual({ result: 'error', code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
  });
});

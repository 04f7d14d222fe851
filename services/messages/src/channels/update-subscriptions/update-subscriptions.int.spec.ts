import { Role } from '@zulip-es/contracts';
import {
  api,
  captureEvents,
  createChannel,
  createUser,
  owner,
  subscribedChannelIds,
  subscribeTo,
  uniqueChannelName,
  type Credentials,
  type EventCapture,
  type Params,
} from '@zulip-es/testing';

const patch = (auth: Credentials | undefined, params: Params) => api('PATCH', '/users/me/subscriptions', { auth, params });
const badRequest = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });

describe('PATCH /users/me/subscriptions', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('joins the channels of `add` (creating missing ones) and leaves those of `delete`, in one reply', async () => {
    const user = await createUser({ label: 'patch-subs' });
    const [kept, leaving, created] = [uniqueChannelName('kept'), uniqueChannelName('leaving'), uniqueChannelName('created')];
    await subscribeTo([leaving], {}, user);
    const keptId = await createChannel({ name: kept });
    const res = await patch(user, {
      add: [{ name: kept }, { name: created, description: 'New here', color: '#ABCDEF' }],
      delete: [leaving],
    });
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      subscribed: { [user.userId]: [kept, created] },
      already_subscribed: {},
      new_subscription_messages_sent: false,
      removed: [leaving],
      not_removed: [],
    });
    const subs = (await api('GET', '/users/me/subscriptions', { auth: user })).body.subscriptions as {
      stream_id: number;
      name: string;
      description: string;
      color: string;
    }[];
    expect(subs.map((s) => s.name).sort()).toEqual([created, kept].sort());
    expect(subs.find((s) => s.name === created)).toMatchObject({ description: 'New here', color: '#abcdef' });
    expect(subs.find((s) => s.stream_id === keptId)).toBeDefined();
    const removal = await capture.waitFor((e) => e.type === 'channel.subscribers_removed.v1' && e.data.channelName === leaving);
    expect(removal).toMatchObject({ actorId: user.userId, data: { userIds: [user.userId] } });
  });

  it('leaves a channel added by the same request, and reports what it did not remove', async () => {
    const user = await createUser();
    const [name, never] = [uniqueChannelName('in-and-out'), uniqueChannelName('never')];
    await createChannel({ name: never });
    const res = await patch(user, { add: [{ name }], delete: [name, never] });
    expect(res.body).toMatchObject({ subscribed: { [user.userId]: [name] }, removed: [name], not_removed: [never] });
    expect(await subscribedChannelIds(user)).toEqual([]);
  });

  it('refuses a request with nothing to do', async () => {
    const res = await patch(owner(), {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badRequest('Nothing to do. Specify at least one of "add" or "delete".'));
  });

  it('refuses guests, as adding subscriptions is not for them', async () => {
    const guest = await createUser({ role: Role.GUEST });
    const name = uniqueChannelName('guest');
    await createChannel({ name, subscribers: [guest.userId] });
    const res = await patch(guest, { delete: [name] });
    expect(res.body).toEqual(badRequest('Not allowed for guest users'));
    expect(await subscribedChannelIds(guest)).toHaveLength(1);
  });

  it('changes nothing when either half is refused', async () => {
    const user = await createUser();
    const [wanted, missing] = [uniqueChannelName('wanted'), uniqueChannelName('missing')];
    const res = await patch(user, { add: [{ name: wanted }], delete: [missing] });
    expect(res.body).toEqual(badRequest(`Channel(s) (${missing}) do not exist`));
    const color = await patch(user, { add: [{ name: wanted, color: 'blue' }] });
    expect(color.body).toEqual(badRequest('Invalid add[0]: Value error, add.color is not a valid hex color code'));
    expect(await subscribedChannelIds(user)).toEqual([]);
    const hidden = uniqueChannelName('hidden');
    await createChannel({ name: hidden, invite_only: true });
    expect((await patch(user, { add: [{ name: wanted }, { name: hidden }] })).body).toEqual(
      badRequest(`Unable to access channel (${hidden}).`),
    );
    expect(await subscribedChannelIds(user)).toEqual([]);
  });

  it('names the parameters it does not read', async () => {
    const user = await createUser();
    const res = await patch(user, { add: [{ name: uniqueChannelName('ignored') }], principals: [owner().email] });
    expect(res.body).toMatchObject({ result: 'success', ignored_parameters_unsupported: ['principals'] });
  });

  it('refuses a request without credentials, with a wrong key, or from a deactivated user', async () => {
    const user = await createUser();
    const params = { add: [{ name: uniqueChannelName('auth') }] };
    expect((await patch(undefined, params)).status).toBe(401);
    const wrongKey = await patch({ email: user.email, apiKey: 'x'.repeat(32) }, params);
    expect(wrongKey.body).toMatchObject({ code: 'INVALID_API_KEY' });
    await api('DELETE', `/users/${user.userId}`, { auth: owner() });
    const deactivated = await patch(user, params);
    expect(deactivated.status).toBe(401);
    expect(deactivated.body).toEqual({ result: 'error', code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
  });
});

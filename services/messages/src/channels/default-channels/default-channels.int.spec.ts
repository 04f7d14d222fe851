import { Role } from '@zulip-es/contracts';
import {
  api,
  captureEvents,
  createChannel,
  createUser,
  invitationKeyIn,
  owner,
  subscribedChannelIds,
  uniqueEmail,
  waitForMails,
  type EventCapture,
} from '@zulip-es/testing';

const isDefault = async (id: number): Promise<boolean | undefined> => {
  const res = await api('GET', '/streams', { auth: owner(), params: { include_all: true, include_default: true } });
  return (res.body.streams as { stream_id: number; is_default: boolean }[]).find((s) => s.stream_id === id)?.is_default;
};

describe('default channels', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('administrators add and remove a default channel, publishing each change', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    const id = await createChannel();
    expect((await api('POST', '/default_streams', { auth: admin, params: { stream_id: id } })).body).toEqual({
      result: 'success',
      msg: '',
    });
    await capture.waitFor((e) => e.type === 'default_channel.added.v1' && e.data.channelId === id);
    expect(await isDefault(id)).toBe(true);
    expect((await api('POST', '/default_streams', { auth: admin, params: { stream_id: id } })).status).toBe(200);
    expect((await api('DELETE', '/default_streams', { auth: admin, params: { stream_id: id } })).body).toEqual({
      result: 'success',
      msg: '',
    });
    await capture.waitFor((e) => e.type === 'default_channel.removed.v1' && e.data.channelId === id);
    expect(await isDefault(id)).toBe(false);
  });

  it('refuses private channels and unknown ids', async () => {
    const id = await createChannel({ invite_only: true, subscribers: [] });
    expect((await api('POST', '/default_streams', { auth: owner(), params: { stream_id: id } })).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Invalid channel ID',
    });
    const joined = await createChannel({
      invite_only: true,
      subscribers: [(await api('GET', '/users/me', { auth: owner() })).body.user_id],
    });
    expect((await api('POST', '/default_streams', { auth: owner(), params: { stream_id: joined } })).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Private channels cannot be made default.',
    });
    expect((await api('DELETE', '/default_streams', { auth: owner(), params: { stream_id: 999_999 } })).body).toMatchObject({
      msg: 'Invalid channel ID',
    });
  });

  it('refuses moderators', async () => {
    const moderator = await createUser({ role: Role.MODERATOR });
    const res = await api('POST', '/default_streams', { auth: moderator, params: { stream_id: 1 } });
    expect(res.body).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
  });

  it('subscribes a user who accepts an invitation with the default channels to them', async () => {
    const id = await createChannel();
    await api('POST', '/default_streams', { auth: owner(), params: { stream_id: id } });
    try {
      const email = uniqueEmail('invited');
      const sent = await api('POST', '/invites', {
        auth: owner(),
        params: { invitee_emails: email, stream_ids: [], include_realm_default_subscriptions: true },
      });
      expect(sent.status).toBe(200);
      const key = invitationKeyIn((await waitForMails(email))[0]);
      const accepted = await api('POST', '/invites/accept', { params: { key, full_name: 'Invited Person', password: 'a-good-password' } });
      expect(accepted.status).toBe(200);
      const added = await capture.waitFor((e) => e.type === 'channel.subscribers_added.v1' && e.data.channelId === id, 20_000);
      expect(added.causationId).toMatch(/^invitation\.accepted:\d+$/);
      const userId = (added.data.subscribers as { userId: number }[])[0].userId;
      const key2 = await api('POST', '/fetch_api_key', { params: { username: email, password: 'a-good-password' } });
      expect(await subscribedChannelIds({ email, apiKey: key2.body.api_key as string })).toContain(id);
      expect(userId).toBe(key2.body.user_id);
    } finally {
      await api('DELETE', '/default_streams', { auth: owner(), params: { stream_id: id } });
    }
  });
});

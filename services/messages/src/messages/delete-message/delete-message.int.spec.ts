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

const send = async (auth: Credentials, params: Record<string, unknown>): Promise<number> => {
  const res = await api('POST', '/messages', { auth, params });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.id as number;
};

describe('DELETE /messages/{message_id}', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it("deletes the sender's own recent message, publishes messages.deleted.v1 and removes it from its topic", async () => {
    const user = await createUser();
    const name = uniqueChannelName('delete');
    const channelId = await createChannel({ name, subscribers: [user.userId] });
    const keep = await send(user, { type: 'stream', to: name, topic: 't', content: 'keep' });
    const gone = await send(user, { type: 'stream', to: name, topic: 't', content: 'gone' });
    const res = await api('DELETE', `/messages/${gone}`, { auth: user });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const event = await capture.waitFor((e) => e.type === 'messages.deleted.v1' && (e.data.messageIds as number[]).includes(gone));
    expect(event).toMatchObject({
      aggregateId: 'messages',
      data: { messageIds: [gone], conversation: { type: 'channel', channelId, topic: 't' } },
    });
    expect((await api('GET', `/messages/${gone}`, { auth: user })).body).toMatchObject({ msg: 'Invalid message(s)' });
    const left = await api('GET', '/messages', {
      auth: user,
      params: {
        anchor: 'newest',
        num_before: 10,
        narrow: [
          ['channel', name],
          ['topic', 't'],
        ],
      },
    });
    expect((left.body.messages as { id: number }[]).map((m) => m.id)).toEqual([keep]);
    expect((await api('DELETE', `/messages/${gone}`, { auth: user })).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Invalid message(s)',
    });
  });

  it.each([
    [Role.ADMINISTRATOR, 200],
    [Role.MODERATOR, 400],
    [Role.MEMBER, 400],
  ])("role %i deleting someone else's message: %i", async (role, status) => {
    const actor = await createUser({ role });
    const name = uniqueChannelName('others');
    await createChannel({ name });
    const id = await send(owner(), { type: 'stream', to: name, topic: 't', content: 'x' });
    const res = await api('DELETE', `/messages/${id}`, { auth: actor });
    expect(res.status).toBe(status);
    if (status === 400)
      expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: "You don't have permission to delete this message" });
  });

  it('lets a guest delete their own direct message and no one outside the conversation see it', async () => {
    const [guest, other] = [await createUser({ role: Role.GUEST }), await createUser()];
    const id = await send(guest, { type: 'direct', to: [other.userId], content: 'oops' });
    expect((await api('DELETE', `/messages/${id}`, { auth: await createUser() })).body).toMatchObject({ msg: 'Invalid message(s)' });
    expect((await api('DELETE', `/messages/${id}`, { auth: guest })).status).toBe(200);
  });
});

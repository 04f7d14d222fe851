import { Role } from '@zulip-es/contracts';
import { api, captureEvents, createUser, invitationKeyIn, uniqueEmail, waitForMails, type EventCapture } from '@zulip-es/testing';

describe('the Notification Bot', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it("is not listed among the organization's users (a Zulip system bot)", async () => {
    const member = await createUser();
    const users = (await api('GET', '/users', { auth: member })).body.members as { email: string; user_id: number }[];
    expect(users.map((u) => u.email)).not.toContain('notification-bot@zulip.com');
    expect(users.map((u) => u.user_id)).toContain(member.userId);
  });

  it('tells the referrer, in a direct message, that their invitation was accepted when they asked for it', async () => {
    const inviter = await createUser({ role: Role.ADMINISTRATOR });
    const email = uniqueEmail('referred');
    const sent = await api('POST', '/invites', {
      auth: inviter,
      params: { invitee_emails: email, stream_ids: [], notify_referrer_on_join: true },
    });
    expect(sent.status).toBe(200);
    const key = invitationKeyIn((await waitForMails(email))[0]);
    const accepted = await api('POST', '/invites/accept', { params: { key, full_name: 'Referred Person', password: 'a-good-password' } });
    expect(accepted.status).toBe(200);
    const userId = accepted.body.user_id as number;
    const notice = await capture.waitFor(
      (e) => e.type === 'message.sent.v1' && e.data.content === `@_**Referred Person|${userId}** accepted your invitation to join Zulip!`,
      20_000,
    );
    expect(notice.causationId).toMatch(/^invitation\.accepted:\d+$/);
    const dms = await api('GET', '/messages', {
      auth: inviter,
      params: { anchor: 'newest', num_before: 5, narrow: [{ operator: 'is', operand: 'dm' }] },
    });
    expect(dms.body.messages).toEqual([
      expect.objectContaining({
        sender_email: 'notification-bot@zulip.com',
        sender_full_name: 'Notification Bot',
        content: `<p><span class="user-mention silent" data-user-id="${userId}">Referred Person</span> accepted your invitation to join Zulip!</p>`,
        client: 'Internal',
      }),
    ]);
    // Clients look the sender up by id: a bot with its Zulip address.
    const [{ sender_id: botId }] = dms.body.messages as { sender_id: number }[];
    const bot = await api('GET', `/users/${botId}`, { auth: inviter });
    expect(bot.body.user).toEqual(
      expect.objectContaining({ email: 'notification-bot@zulip.com', is_bot: true, full_name: 'Notification Bot' }),
    );
  });

  it('stays silent when the referrer did not ask', async () => {
    const inviter = await createUser({ role: Role.ADMINISTRATOR });
    const email = uniqueEmail('unreferred');
    await api('POST', '/invites', { auth: inviter, params: { invitee_emails: email, stream_ids: [], notify_referrer_on_join: false } });
    const key = invitationKeyIn((await waitForMails(email))[0]);
    await api('POST', '/invites/accept', { params: { key, full_name: 'Quiet Person', password: 'a-good-password' } });
    await capture.waitFor((e) => e.type === 'channel.subscribers_added.v1' || e.type === 'message.sent.v1', 3_000).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1500));
    const dms = await api('GET', '/messages', {
      auth: inviter,
      params: { anchor: 'newest', num_before: 5, narrow: [{ operator: 'is', operand: 'dm' }] },
    });
    expect(dms.body.messages).toEqual([]);
  });
});

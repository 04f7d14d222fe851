import { readdir } from 'node:fs/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { Role, type EventEnvelope } from '@zulip-es/contracts';
import { connectMongo, StackEndpointsSchema } from '@zulip-es/platform';
import {
  api,
  captureEvents,
  createGroup,
  createUser,
  getGroup,
  invitationKeyIn,
  outboxDir,
  uniqueEmail,
  waitForMails,
  type EventCapture,
} from '@zulip-es/testing';
import { UsersRepository } from '../projection/users.repository';
import { inviteKeyHash } from './invite-key';
import { INVITATION_EMAIL_QUEUE } from './mail/invitation-email.job';
import { sendInvitationEmail } from './mail/invitation-email.worker';
import { outboxMailer } from './mail/mailer';
import { USERS_DATABASE } from '../projection/users.projection';

const invitationOf = (email: string) => (e: EventEnvelope) => e.type.startsWith('invitation.') && e.data.email === email;

describe('invitations: published events and emails', () => {
  const { MONGO_URL, REDIS_URL } = StackEndpointsSchema.parse(process.env);
  let events: EventCapture;
  let db: Connection;

  beforeAll(async () => {
    events = await captureEvents('users');
    db = await connectMongo(MONGO_URL, USERS_DATABASE);
  });
  afterAll(async () => {
    await events.stop();
    await db.close();
  });

  it('publishes invitation.created.v1 with the key in derived form only, then acceptance events', async () => {
    const inviter = await createUser({ role: Role.ADMINISTRATOR });
    const group = await createGroup({}, inviter);
    const email = uniqueEmail('events');
    const sent = await api('POST', '/invites', {
      auth: inviter,
      params: {
        invitee_emails: email,
        stream_ids: [],
        group_ids: [group],
        invite_as: Role.MODERATOR,
        include_realm_default_subscriptions: true,
        notify_referrer_on_join: false,
        welcome_message_custom_text: 'Hi!',
      },
    });
    expect(sent.body).toEqual({ result: 'success', msg: '' });
    const created = await events.waitFor((e) => e.type === 'invitation.created.v1' && e.data.email === email);
    expect(created).toMatchObject({
      aggregateId: `invite:${String(created.data.inviteId)}`,
      sequence: 1,
      actorId: inviter.userId,
      data: {
        invitedByUserId: inviter.userId,
        email,
        invitedAs: Role.MODERATOR,
        streamIds: [],
        groupIds: [group],
        includeRealmDefaultSubscriptions: true,
        notifyReferrerOnJoin: false,
        welcomeMessageCustomText: 'Hi!',
        keyHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });

    const key = invitationKeyIn((await waitForMails(email))[0]);
    expect(inviteKeyHash(key)).toBe(created.data.keyHash);
    expect(JSON.stringify(created)).not.toContain(key);

    const accepted = await api('POST', '/invites/accept', { params: { key, full_name: 'Evented', password: 'a-good-password' } });
    expect(accepted.status).toBe(200);
    const acceptance = await events.waitFor((e) => e.type === 'invitation.accepted.v1' && e.data.email === email);
    expect(acceptance).toMatchObject({
      aggregateId: created.aggregateId,
      sequence: 2,
      actorId: null,
      data: {
        inviteId: created.data.inviteId,
        userId: accepted.body.user_id,
        invitedAs: Role.MODERATOR,
        referrerId: inviter.userId,
        streamIds: [],
        includeRealmDefaultSubscriptions: true,
        groupIds: [group],
        notifyReferrerOnJoin: false,
        welcomeMessageCustomText: 'Hi!',
      },
    });
    const user = events.events.find((e) => e.type === 'user.created.v2' && e.data.userId === accepted.body.user_id);
    expect(user).toMatchObject({ causationId: acceptance.causationId, data: { role: Role.MODERATOR, deliveryEmail: email } });
    const joined = await events.waitFor((e) => e.type === 'user_group.members_added.v1' && e.data.groupId === group);
    expect(joined).toMatchObject({ causationId: acceptance.causationId, data: { userIds: [accepted.body.user_id] } });
    expect((await getGroup(group))!.members).toEqual([accepted.body.user_id]);
  });

  it('refuses a group the inviter may not add members to, and invites nobody', async () => {
    const inviter = await createUser();
    const email = uniqueEmail('groupless');
    const notTheirs = await createGroup();
    const res = await api('POST', '/invites', { auth: inviter, params: { invitee_emails: email, stream_ids: [], group_ids: [notTheirs] } });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    const unknown = await api('POST', '/invites', {
      auth: inviter,
      params: { invitee_emails: email, stream_ids: [], group_ids: [999_999] },
    });
    expect(unknown.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid user group' });
    const listed = await api('GET', '/invites', { auth: inviter });
    expect(listed.body.invites).toEqual([]);
  });

  it('publishes invitation.resent.v1 and invitation.revoked.v1 at the next sequences', async () => {
    const inviter = await createUser();
    const email = uniqueEmail('lifecycle');
    await api('POST', '/invites', { auth: inviter, params: { invitee_emails: email, stream_ids: [] } });
    const created = await events.waitFor((e) => e.type === 'invitation.created.v1' && e.data.email === email);
    const id = created.data.inviteId as number;
    expect((await api('POST', `/invites/${id}/resend`, { auth: inviter })).status).toBe(200);
    expect((await api('DELETE', `/invites/${id}`, { auth: inviter })).status).toBe(200);
    const resent = await events.waitFor((e) => e.type === 'invitation.resent.v1' && e.data.inviteId === id);
    const revoked = await events.waitFor((e) => e.type === 'invitation.revoked.v1' && e.data.inviteId === id);
    expect([resent.sequence, revoked.sequence]).toEqual([2, 3]);
    expect(resent.data.keyHash).not.toBe(created.data.keyHash);
  });

  it('a refused invitation publishes nothing and mails nothing', async () => {
    const guest = await createUser({ role: Role.GUEST });
    const email = uniqueEmail('refused');
    expect((await api('POST', '/invites', { auth: guest, params: { invitee_emails: email, stream_ids: [] } })).status).toBe(400);
    expect(await events.settle(invitationOf(email), 1_000)).toEqual([]);
  });

  describe('the outbox', () => {
    const filesFor = async (inviteId: number) => (await readdir(outboxDir())).filter((f) => f.startsWith(`invitation-${inviteId}-`));

    it('holds one email per invitation and one more per resend, each with its link', async () => {
      const inviter = await createUser();
      const email = uniqueEmail('outbox');
      await api('POST', '/invites', { auth: inviter, params: { invitee_emails: email, stream_ids: [] } });
      const created = await events.waitFor((e) => e.type === 'invitation.created.v1' && e.data.email === email);
      const [first] = await waitForMails(email, 1);
      expect(first.body).toMatch(/http:\/\/127\.0\.0\.1:\d+\/join\/[a-z0-9]{24}\//);
      expect(await filesFor(created.data.inviteId as number)).toHaveLength(1);
      await api('POST', `/invites/${String(created.data.inviteId)}/resend`, { auth: inviter });
      const mails = await waitForMails(email, 2);
      expect(new Set(mails.map(invitationKeyIn)).size).toBe(2);
    });

    it('a job run again, or queued again with the same id, does not mail twice', async () => {
      const inviter = await createUser();
      const email = uniqueEmail('redelivered');
      await api('POST', '/invites', { auth: inviter, params: { invitee_emails: email, stream_ids: [] } });
      const created = await events.waitFor((e) => e.type === 'invitation.created.v1' && e.data.email === email);
      const inviteId = created.data.inviteId as number;
      await waitForMails(email, 1);

      // The worker's own function, as BullMQ would call it again after a crash.
      const job = { inviteId, email, referrerId: inviter.userId, keyNonce: created.data.keyNonce, expiresAt: created.data.expiresAt };
      const deps = {
        repo: new UsersRepository(db),
        mailer: outboxMailer(outboxDir()),
        config: { API_KEY_SECRET: 'unused-here-0123456789-0123456789', REALM_URL: 'http://127.0.0.1', EMAIL_FROM: undefined },
      };
      expect(await sendInvitationEmail(created.eventId, job, deps)).toBe('already-sent');

      // The relay reading the event again: the queue knows the job id.
      const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
      const queue = new Queue(INVITATION_EMAIL_QUEUE, { connection: redis });
      try {
        await queue.add('invitation-email', job, { jobId: created.eventId });
        expect(await queue.getJob(created.eventId)).toBeDefined();
      } finally {
        await queue.close();
        redis.disconnect();
      }
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await filesFor(inviteId)).toHaveLength(1);
      expect(await waitForMails(email, 1)).toHaveLength(1);
    });
  });
});

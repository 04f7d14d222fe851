import { Role, type EventEnvelope } from '@zulip-es/contracts';
import {
  api,
  captureEvents,
  createChannel,
  createGroup,
  createUser,
  getGroup,
  invitationKeyIn,
  mailsTo,
  owner,
  subscribedChannelIds,
  TestEventQueue,
  uniqueEmail,
  waitForMails,
  type ClientEvent,
  type Credentials,
  type EventCapture,
  type TestUser,
} from '@zulip-es/testing';
import { inviteKeyHash } from './invite-key';

type Invite = { id: number; is_multiuse: boolean; email?: string; link_url?: string } & Record<string, unknown>;

const LINK_NOT_FOUND = "Whoops. We couldn't find your confirmation link in the system.";
const LINK_EXPIRED = 'The confirmation link has expired or been deactivated.';
const error = (msg: string, code = 'BAD_REQUEST') => ({ result: 'error', code, msg });

const createLink = (auth: Credentials, params: Record<string, unknown> = {}) => api('POST', '/invites/multiuse', { auth, params });
const keyOf = (inviteLink: unknown): string => /\/join\/([a-z0-9]{24})\/$/.exec(String(inviteLink))![1]!;
const join = (key: string, email: string) => api('POST', '/invites/multiuse/join', { params: { key, email } });
const accept = (key: string, fullName = 'Joined Through A Link') =>
  api('POST', '/invites/accept', { params: { key, full_name: fullName, password: 'a-good-password' } });
const listInvites = async (auth: Credentials): Promise<Invite[]> => {
  const res = await api('GET', '/invites', { auth });
  expect(res.status).toBe(200);
  return res.body.invites as Invite[];
};
const listedLink = async (auth: Credentials, linkId: number) => (await listInvites(auth)).find((i) => i.is_multiuse && i.id === linkId);
/** Names `email` through the link, then accepts the one-time invitation mailed to it. */
const joinAndAccept = async (key: string, email: string) => {
  expect((await join(key, email)).body).toEqual({ result: 'success', msg: '' });
  const accepted = await accept(invitationKeyIn((await waitForMails(email))[0]!));
  expect(accepted.status).toBe(200);
  return { userId: accepted.body.user_id as number, email, apiKey: accepted.body.api_key as string };
};
const none = async (queue: TestEventQueue, match: (e: ClientEvent) => boolean) => expect((await queue.drain()).filter(match)).toEqual([]);

describe('reusable invitation links (POST /invites/multiuse)', () => {
  let users: EventCapture;
  let messages: EventCapture;
  let admin: TestUser;

  beforeAll(async () => {
    [users, messages] = await Promise.all([captureEvents('users'), captureEvents('messages')]);
    admin = await createUser({ role: Role.ADMINISTRATOR, label: 'link-admin' });
  });
  afterAll(async () => {
    await Promise.all([users.stop(), messages.stop()]);
  });

  const linkCreatedBy = (userId: number) => (e: EventEnvelope) =>
    e.type === 'invitation_link.created.v1' && e.data.invitedByUserId === userId;

  it('answers the link, publishes its creation with the key in derived form only, and lists it as Zulip does', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await createLink(admin, { invite_as: Role.GUEST, invite_expires_in_minutes: 60 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      invite_link: expect.stringMatching(/^https?:\/\/[^/]+\/join\/[a-z0-9]{24}\/$/),
    });
    const key = keyOf(res.body.invite_link);

    const created = await users.waitFor(linkCreatedBy(admin.userId));
    expect(created).toMatchObject({
      aggregateId: `invite_link:${String(created.data.linkId)}`,
      sequence: 1,
      actorId: admin.userId,
      data: {
        invitedAs: Role.GUEST,
        streamIds: [],
        groupIds: [],
        includeRealmDefaultSubscriptions: false,
        welcomeMessageCustomText: null,
        keyHash: inviteKeyHash(key),
      },
    });
    expect(JSON.stringify(created)).not.toContain(key);

    const listed = await listedLink(admin, created.data.linkId as number);
    expect(listed).toEqual({
      id: created.data.linkId,
      invited_by_user_id: admin.userId,
      invited: expect.any(Number),
      expiry_date: expect.any(Number),
      invited_as: Role.GUEST,
      link_url: res.body.invite_link,
      is_multiuse: true,
    });
    expect(listed!.invited as number).toBeGreaterThanOrEqual(before - 1);
    expect((listed!.expiry_date as number) - (listed!.invited as number)).toBe(3600);
    expect(await listedLink(owner(), created.data.linkId as number)).toEqual(listed);
  });

  it('takes a null expiry for a link that never expires, and null channels for none', async () => {
    const res = await createLink(admin, { invite_expires_in_minutes: null, stream_ids: null });
    expect(res.status).toBe(200);
    const created = await users.waitFor((e) => linkCreatedBy(admin.userId)(e) && e.data.expiresAt === null);
    expect((await listedLink(admin, created.data.linkId as number))!.expiry_date).toBeNull();
  });

  it('works many times: each address named through it is mailed a one-time invitation, accepted with the link’s role, channels and groups', async () => {
    const channel = await createChannel({}, admin);
    const group = await createGroup({}, admin);
    const res = await createLink(admin, {
      invite_as: Role.MODERATOR,
      stream_ids: [channel],
      group_ids: [group],
      welcome_message_custom_text: 'Welcome aboard!',
    });
    expect(res.status).toBe(200);
    const key = keyOf(res.body.invite_link);
    const link = await users.waitFor((e) => linkCreatedBy(admin.userId)(e) && e.data.keyHash === inviteKeyHash(key));

    const joined: { userId: number; email: string; apiKey: string }[] = [];
    for (const label of ['first', 'second']) {
      const email = uniqueEmail(`via-link-${label}`);
      const person = await joinAndAccept(key, email);
      joined.push(person);

      const requested = await users.waitFor((e) => e.type === 'invitation.requested.v1' && e.data.email === email);
      expect(requested).toMatchObject({
        sequence: 1,
        actorId: null,
        data: {
          linkId: link.data.linkId,
          referrerId: admin.userId,
          invitedAs: Role.MODERATOR,
          streamIds: [channel],
          groupIds: [group],
          welcomeMessageCustomText: 'Welcome aboard!',
        },
      });
      expect(Date.parse(requested.data.expiresAt as string) - Date.parse(requested.data.invitedAt as string)).toBe(24 * 3600 * 1000);
      const [mail] = await mailsTo(email);
      expect(mail!.subject).toBe('Activate your Zulip account');
      expect(JSON.stringify(requested)).not.toContain(invitationKeyIn(mail!));

      const accepted = await users.waitFor((e) => e.type === 'invitation.accepted.v1' && e.data.email === email);
      expect(accepted).toMatchObject({
        aggregateId: requested.aggregateId,
        data: {
          userId: person.userId,
          invitedAs: Role.MODERATOR,
          referrerId: admin.userId,
          notifyReferrerOnJoin: false,
          linkId: link.data.linkId,
          streamIds: [channel],
          groupIds: [group],
        },
      });
      const me = await api('GET', '/users/me', { auth: person });
      expect(me.body).toMatchObject({ user_id: person.userId, email, role: Role.MODERATOR });
      await messages.waitFor(
        (e) =>
          e.type === 'channel.subscribers_added.v1' &&
          e.data.channelId === channel &&
          JSON.stringify(e.data).includes(`"userId":${person.userId}`),
        20_000,
      );
      expect(await subscribedChannelIds(person)).toContain(channel);
    }
    expect(((await getGroup(group))!.members as number[]).sort((a, b) => a - b)).toEqual(joined.map((p) => p.userId).sort((a, b) => a - b));
    expect(await listedLink(admin, link.data.linkId as number)).toBeDefined();
  });

  it('nobody sent a one-time invitation asked for through a link: it is not listed, resent or revoked by id', async () => {
    const key = keyOf((await createLink(admin)).body.invite_link);
    const email = uniqueEmail('pending-via-link');
    expect((await join(key, email)).status).toBe(200);
    const { data } = await users.waitFor((e) => e.type === 'invitation.requested.v1' && e.data.email === email);
    expect((await listInvites(owner())).some((i) => i.email === email)).toBe(false);
    expect((await api('POST', `/invites/${String(data.inviteId)}/resend`, { auth: admin })).body).toEqual(error('No such invitation'));
    expect((await api('DELETE', `/invites/${String(data.inviteId)}`, { auth: owner() })).body).toEqual(error('No such invitation'));
    expect((await accept(invitationKeyIn((await waitForMails(email))[0]!))).status).toBe(200);
  });

  it('a one-time invitation mailed before the link is revoked still works, as Zulip’s copies do', async () => {
    const key = keyOf((await createLink(admin)).body.invite_link);
    const email = uniqueEmail('before-revoke');
    expect((await join(key, email)).status).toBe(200);
    const mailed = invitationKeyIn((await waitForMails(email))[0]!);
    const { data } = await users.waitFor((e) => linkCreatedBy(admin.userId)(e) && e.data.keyHash === inviteKeyHash(key));
    expect((await api('DELETE', `/invites/multiuse/${String(data.linkId)}`, { auth: admin })).status).toBe(200);
    expect((await join(key, uniqueEmail('after-revoke'))).body).toEqual(error(LINK_NOT_FOUND));
    expect((await accept(mailed)).status).toBe(200);
  });

  describe('DELETE /invites/multiuse/{invite_id}', () => {
    it('revokes the link: published, no longer listed, refused as Zulip refuses a deleted key, and not revoked twice', async () => {
      const key = keyOf((await createLink(admin)).body.invite_link);
      const created = await users.waitFor((e) => linkCreatedBy(admin.userId)(e) && e.data.keyHash === inviteKeyHash(key));
      const linkId = created.data.linkId as number;
      expect((await api('DELETE', `/invites/multiuse/${linkId}`, { auth: admin })).body).toEqual({ result: 'success', msg: '' });
      const revoked = await users.waitFor((e) => e.type === 'invitation_link.revoked.v1' && e.data.linkId === linkId);
      expect(revoked).toMatchObject({ aggregateId: created.aggregateId, sequence: 2, actorId: admin.userId });
      expect(await listedLink(admin, linkId)).toBeUndefined();
      expect((await join(key, uniqueEmail('revoked'))).body).toEqual(error(LINK_NOT_FOUND));
      expect((await api('DELETE', `/invites/multiuse/${linkId}`, { auth: admin })).body).toEqual(
        error('Invitation has already been revoked'),
      );
    });

    it('answers "No such invitation" for an unknown id', async () => {
      expect((await api('DELETE', '/invites/multiuse/99999999', { auth: admin })).body).toEqual(error('No such invitation'));
    });

    const linkPath = async (key: string) => {
      const { data } = await users.waitFor((e) => e.type === 'invitation_link.created.v1' && e.data.keyHash === inviteKeyHash(key));
      return `/invites/multiuse/${String(data.linkId)}`;
    };

    it("refuses a member on another user's link, and lets another administrator revoke it", async () => {
      const [member, otherAdmin] = await Promise.all([
        createUser({ label: 'link-bystander' }),
        createUser({ role: Role.ADMINISTRATOR, label: 'other-link-admin' }),
      ]);
      const path = await linkPath(keyOf((await createLink(admin)).body.invite_link));
      expect((await api('DELETE', path, { auth: member })).body).toEqual(error('Must be an organization administrator'));
      expect((await api('DELETE', path, { auth: otherAdmin })).body).toEqual({ result: 'success', msg: '' });
    });

    it("refuses an administrator on an owner's link to the owner role, and lets the owner revoke it", async () => {
      const path = await linkPath(keyOf((await createLink(owner(), { invite_as: Role.OWNER })).body.invite_link));
      expect((await api('DELETE', path, { auth: admin })).body).toEqual(error('Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'));
      expect((await api('DELETE', path, { auth: owner() })).body).toEqual({ result: 'success', msg: '' });
    });
  });

  describe('POST /invites/multiuse/join refusals, which change nothing', () => {
    it('refuses an expired link', async () => {
      const key = keyOf((await createLink(admin, { invite_expires_in_minutes: 0 })).body.invite_link);
      const { data } = await users.waitFor((e) => e.type === 'invitation_link.created.v1' && e.data.keyHash === inviteKeyHash(key));
      expect(await listedLink(admin, data.linkId as number)).toBeUndefined();
      expect((await join(key, uniqueEmail('too-late'))).body).toEqual(error(LINK_EXPIRED));
    });

    it.each([
      ['a malformed key', () => 'short', () => uniqueEmail('malformed'), 'Whoops. The confirmation link is malformed.'],
      ['an unknown key', () => 'abcdefghijklmnopqrstuvwx', () => uniqueEmail('unknown'), LINK_NOT_FOUND],
    ])('refuses %s', async (_what, key, email, msg) => {
      expect((await join(key(), email())).body).toEqual(error(msg));
    });

    it('refuses an invalid or registered address, sends nothing and publishes nothing', async () => {
      const key = keyOf((await createLink(admin)).body.invite_link);
      expect((await join(key, 'not-an-address')).body).toEqual(error('Enter a valid email address.'));
      const registered = await createUser({ label: 'already-here' });
      expect((await join(key, registered.email)).body).toEqual(error(`Email '${registered.email}' already in use`));
      expect(
        await users.settle(
          (e) => e.type === 'invitation.requested.v1' && (e.data.email === registered.email || e.data.email === 'not-an-address'),
          1_000,
        ),
      ).toEqual([]);
      expect(await mailsTo(registered.email)).toEqual([]);
    });

    it('refuses a missing address', async () => {
      const res = await api('POST', '/invites/multiuse/join', { params: { key: 'abcdefghijklmnopqrstuvwx' } });
      expect(res.body).toEqual({ ...error("Missing 'email' argument", 'REQUEST_VARIABLE_MISSING'), var_name: 'email' });
    });
  });

  describe('who may create links', () => {
    it.each([
      [Role.MODERATOR, error('Insufficient permission')],
      [Role.MEMBER, error('Insufficient permission')],
      [Role.GUEST, error('Not allowed for guest users')],
    ] as const)('by default, as in Zulip, administrators only: role %i is refused', async (role, refusal) => {
      const actor = await createUser({ role });
      expect((await createLink(actor)).body).toEqual(refusal);
    });

    it.each([
      [{ invite_as: Role.OWNER }, error('Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL')],
      [{ invite_as: 500 }, error('Invalid invite_as: Value error, Not in the list of possible values')],
      [{ stream_ids: [999_999] }, error('Invalid channel ID 999999. No invites were sent.')],
      [{ group_ids: [999_999] }, error('Invalid user group')],
    ])('refuses an administrator %j', async (params, refusal) => {
      expect((await createLink(admin, params)).body).toEqual(refusal);
    });

    it('only an owner changes create_multiuse_invite_group; then its members may create links, tell only what they may, and hear of them', async () => {
      const member = await createUser({ label: 'link-member' });
      const other = await createUser({ label: 'link-other' });
      // Administrators keep the permission, so tests running alongside are unaffected.
      const withMember = { direct_members: [member.userId], direct_subgroups: [3] };
      expect((await api('PATCH', '/realm', { auth: admin, params: { create_multiuse_invite_group: { new: withMember } } })).body).toEqual(
        error('Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'),
      );
      const [memberQ, adminQ, otherQ] = await Promise.all([
        TestEventQueue.register(member),
        TestEventQueue.register(admin),
        TestEventQueue.register(other),
      ]);
      try {
        const changed = await api('PATCH', '/realm', { auth: owner(), params: { create_multiuse_invite_group: { new: withMember } } });
        expect(changed.body).toEqual({ result: 'success', msg: '', create_multiuse_invite_group: withMember });
        await users.waitFor((e) => e.type === 'realm.setting_changed.v1' && e.data.property === 'create_multiuse_invite_group');

        expect((await createLink(member, { invite_as: Role.MODERATOR })).body).toEqual(error('Must be an organization administrator'));
        expect((await createLink(member, { welcome_message_custom_text: 'Hi' })).body).toEqual(
          error('Must be an organization administrator'),
        );
        const res = await createLink(member, { invite_as: Role.GUEST });
        expect(res.status).toBe(200);
        const created = await users.waitFor(linkCreatedBy(member.userId));

        await memberQ.waitFor((e) => e.type === 'invites_changed');
        await adminQ.waitFor((e) => e.type === 'invites_changed');
        await none(otherQ, (e) => e.type === 'invites_changed');

        // The member sees their own links only; an administrator sees every link.
        expect((await listInvites(member)).filter((i) => i.is_multiuse).map((i) => i.id)).toEqual([created.data.linkId]);
        expect(await listedLink(admin, created.data.linkId as number)).toBeDefined();

        // Joins through a link tell nobody (Zulip's invitation from a link has no referrer).
        const lastSeen = Math.max(...(await memberQ.drain()).map((e) => e.id));
        const later = (e: ClientEvent) => e.type === 'invites_changed' && e.id > lastSeen;
        const person = await joinAndAccept(keyOf(res.body.invite_link), uniqueEmail('via-member-link'));
        expect((await api('GET', '/users/me', { auth: person })).body).toMatchObject({ role: Role.GUEST });
        await users.waitFor((e) => e.type === 'invitation.accepted.v1' && e.data.userId === person.userId);

        // Decided on the same key after the acceptance, so told after anything the acceptance told.
        expect((await api('DELETE', `/invites/multiuse/${String(created.data.linkId)}`, { auth: member })).body).toEqual({
          result: 'success',
          msg: '',
        });
        await memberQ.waitFor(later);
        expect((await memberQ.drain()).filter(later)).toHaveLength(1);
      } finally {
        await api('PATCH', '/realm', { auth: owner(), params: { create_multiuse_invite_group: { new: 3 } } });
        await Promise.all([memberQ, adminQ, otherQ].map((q) => q.delete()));
      }
    });
  });

  it('deactivating a user revokes the links they created', async () => {
    const leaving = await createUser({ role: Role.ADMINISTRATOR, label: 'leaving-link-admin' });
    const key = keyOf((await createLink(leaving)).body.invite_link);
    const created = await users.waitFor(linkCreatedBy(leaving.userId));
    expect((await api('DELETE', `/users/${leaving.userId}`, { auth: owner() })).body).toEqual({ result: 'success', msg: '' });
    const deactivated = await users.waitFor((e) => e.type === 'user.deactivated.v1' && e.data.userId === leaving.userId);
    const revoked = await users.waitFor((e) => e.type === 'invitation_link.revoked.v1' && e.data.linkId === created.data.linkId);
    expect(revoked.causationId).toBe(deactivated.causationId);
    expect(await listedLink(owner(), created.data.linkId as number)).toBeUndefined();
    expect((await join(key, uniqueEmail('from-gone-admin'))).body).toEqual(error(LINK_NOT_FOUND));
  });
});

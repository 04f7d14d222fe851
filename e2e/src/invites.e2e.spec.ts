import { Role } from '@zulip-es/contracts';
import {
  api,
  captureEvents,
  createChannel,
  createUser,
  invitationKeyIn,
  mailsTo,
  owner,
  subscribedChannelIds,
  uniqueEmail,
  waitForMails,
  type Credentials,
  type TestUser,
} from '@zulip-es/testing';

type Invite = { id: number; email: string; invited_by_user_id: number; invited_as: number; expiry_date: number | null; invited: number };

const invite = (auth: Credentials, params: Record<string, unknown>) =>
  api('POST', '/invites', { auth, params: { stream_ids: [], ...params } });
const listInvites = async (auth: Credentials): Promise<Invite[]> => {
  const res = await api('GET', '/invites', { auth });
  expect(res.status).toBe(200);
  return res.body.invites as Invite[];
};
const inviteTo = async (auth: Credentials, email: string, params: Record<string, unknown> = {}): Promise<Invite> => {
  const res = await invite(auth, { invitee_emails: email, ...params });
  expect(res.body).toEqual({ result: 'success', msg: '' });
  const found = (await listInvites(auth)).find((i) => i.email === email);
  if (found) return found;
  // An expired invitation is not listed: look it up as the owner cannot either, so report.
  throw new Error(`invitation to ${email} not listed`);
};
const accept = (key: string, params: Record<string, unknown> = {}) =>
  api('POST', '/invites/accept', { params: { key, full_name: 'Invited Person', password: 'a-good-password', ...params } });
const keyFor = async (email: string, count = 1): Promise<string> =>
  invitationKeyIn((await waitForMails(email, count)).sort((a, b) => a.file.localeCompare(b.file))[count - 1]);

const LINK_EXPIRED = 'The confirmation link has expired or been deactivated.';

describe('POST /invites', () => {
  let member: TestUser;
  beforeAll(async () => {
    member = await createUser({ label: 'inviter' });
  });

  it('invites an address: listed in GET /invites with Zulip fields and mailed with a join link', async () => {
    const email = uniqueEmail('invitee');
    const before = Math.floor(Date.now() / 1000);
    const res = await invite(member, { invitee_emails: email, invite_as: Role.GUEST });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const listed = (await listInvites(member)).find((i) => i.email === email)!;
    expect(listed).toEqual({
      id: expect.any(Number),
      invited_by_user_id: member.userId,
      invited: expect.any(Number),
      expiry_date: expect.any(Number),
      invited_as: Role.GUEST,
      email,
      notify_referrer_on_join: true,
      is_multiuse: false,
    });
    expect(listed.invited).toBeGreaterThanOrEqual(before - 1);
    expect(listed.expiry_date! - listed.invited).toBe(14400 * 60);
    const [mail] = await waitForMails(email);
    expect(mail.subject).toContain('invited you to join');
    expect(mail.body).toMatch(/\/join\/[a-z0-9]{24}\//);
  });

  it('parses names, commas and newlines, collapses duplicates and skips blanks', async () => {
    const [a, b] = [uniqueEmail('list-a'), uniqueEmail('list-b')];
    const res = await invite(member, { invitee_emails: `Ada <${a}>,\n${b}, ${a},, \n` });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const mine = await listInvites(member);
    expect(mine.filter((i) => i.email === a || i.email === b)).toHaveLength(2);
  });

  it('with a null expiry never expires', async () => {
    const listed = await inviteTo(member, uniqueEmail('forever'), { invite_expires_in_minutes: null });
    expect(listed.expiry_date).toBeNull();
  });

  it('reports parameters it does not read', async () => {
    const res = await invite(member, { invitee_emails: uniqueEmail('ignored'), zzz: 1 });
    expect(res.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['zzz'] });
  });

  describe('role matrix for invite_as', () => {
    const ROLES = [Role.OWNER, Role.ADMINISTRATOR, Role.MODERATOR, Role.MEMBER, Role.GUEST] as const;
    it.each([
      [Role.OWNER, [200, 200, 200, 200, 200]],
      [Role.ADMINISTRATOR, ['UNAUTHORIZED_PRINCIPAL:Must be an organization owner', 200, 200, 200, 200]],
      [
        Role.MODERATOR,
        [
          'UNAUTHORIZED_PRINCIPAL:Must be an organization owner',
          'BAD_REQUEST:Must be an organization administrator',
          'BAD_REQUEST:Must be an organization administrator',
          200,
          200,
        ],
      ],
      [
        Role.MEMBER,
        [
          'UNAUTHORIZED_PRINCIPAL:Must be an organization owner',
          'BAD_REQUEST:Must be an organization administrator',
          'BAD_REQUEST:Must be an organization administrator',
          200,
          200,
        ],
      ],
      [Role.GUEST, ROLES.map(() => 'BAD_REQUEST:Not allowed for guest users')],
    ] as const)('role %i inviting as owner/admin/moderator/member/guest', async (role, expected) => {
      const actor = role === Role.OWNER ? owner() : await createUser({ role, label: `role${role}` });
      for (const [i, inviteAs] of ROLES.entries()) {
        const email = uniqueEmail(`as${inviteAs}`);
        const res = await invite(actor, { invitee_emails: email, invite_as: inviteAs });
        const outcome = res.status === 200 ? 200 : `${String(res.body.code)}:${String(res.body.msg)}`;
        expect([inviteAs, outcome]).toEqual([inviteAs, expected[i]]);
        if (res.status !== 200) expect(res.status).toBe(400);
      }
    });
  });

  describe('refusals change nothing', () => {
    let before: Invite[];
    beforeEach(async () => {
      before = await listInvites(member);
    });
    afterEach(async () => {
      expect(await listInvites(member)).toEqual(before);
    });

    it.each([
      [{ stream_ids: [] }, 'REQUEST_VARIABLE_MISSING', "Missing 'invitee_emails' argument"],
      [{ invitee_emails: 'x@example.com', stream_ids: undefined }, 'REQUEST_VARIABLE_MISSING', "Missing 'stream_ids' argument"],
      [{ invitee_emails: '', stream_ids: [] }, 'BAD_REQUEST', 'You must specify at least one email address.'],
      [{ invitee_emails: ' , \n', stream_ids: [] }, 'BAD_REQUEST', 'You must specify at least one email address.'],
      [{ invitee_emails: 'x@example.com', stream_ids: [999_999] }, 'BAD_REQUEST', 'Invalid channel ID 999999. No invites were sent.'],
      [
        { invitee_emails: 'x@example.com', stream_ids: [], invite_as: 500 },
        'BAD_REQUEST',
        'Invalid invite_as: Value error, Not in the list of possible values',
      ],
      [
        { invitee_emails: 'x@example.com', stream_ids: [], invite_expires_in_minutes: 'soon' },
        'BAD_REQUEST',
        'invite_expires_in_minutes is not valid JSON',
      ],
      [{ invitee_emails: 'x@example.com', stream_ids: 'x' }, 'BAD_REQUEST', 'stream_ids is not valid JSON'],
      [
        { invitee_emails: 'x@example.com', stream_ids: [], welcome_message_custom_text: 'Hi' },
        'BAD_REQUEST',
        'Must be an organization administrator',
      ],
    ])('%j → %s "%s"', async (params, code, msg) => {
      const res = await api('POST', '/invites', { auth: member, params });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: 'error', code, msg });
    });

    it('an invalid address sends nothing and lists invalid and registered addresses', async () => {
      const fresh = uniqueEmail('not-sent');
      const res = await invite(member, { invitee_emails: `not-an-address, ${owner().email}, ${fresh}` });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        result: 'error',
        code: 'INVITATION_FAILED',
        msg: "Some emails did not validate, so we didn't send any invitations.",
        errors: [
          ['not-an-address', 'Invalid address.', false],
          [owner().email, 'Already has an account.', false],
        ],
        sent_invitations: false,
        license_limit_reached: false,
        daily_limit_reached: false,
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(await mailsTo(fresh)).toEqual([]);
    });

    it('only registered addresses: nobody is invited; a deactivated account is flagged', async () => {
      const gone = await createUser({ label: 'gone' });
      await api('DELETE', `/users/${gone.userId}`, { auth: owner() });
      const res = await invite(member, { invitee_emails: `${owner().email.toUpperCase()}\n${gone.email}` });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        result: 'error',
        code: 'INVITATION_FAILED',
        msg: "We weren't able to invite anyone.",
        errors: [
          [owner().email.toUpperCase(), 'Already has an account.', false],
          [gone.email, 'Account has been deactivated.', true],
        ],
        sent_invitations: false,
        license_limit_reached: false,
        daily_limit_reached: false,
      });
    });

    it('beyond the daily limit nothing is sent', async () => {
      const many = Array.from({ length: 3001 }, (_, i) => `bulk-${i}@example.com`).join(',');
      const res = await invite(member, { invitee_emails: many });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        result: 'error',
        code: 'INVITATION_FAILED',
        msg: 'To protect users, Zulip limits the number of invitations you can send in one day. Because you have reached the limit, no invitations were sent.',
        errors: [],
        sent_invitations: false,
        license_limit_reached: false,
        daily_limit_reached: true,
      });
    });
  });

  it('partial success: registered addresses are skipped, the others invited, and the answer is INVITATION_FAILED with sent_invitations', async () => {
    const fresh = uniqueEmail('partial');
    const res = await invite(member, { invitee_emails: `${owner().email}, ${fresh}` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      code: 'INVITATION_FAILED',
      msg: "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
      errors: [[owner().email, 'Already has an account.', false]],
      sent_invitations: true,
      license_limit_reached: false,
      daily_limit_reached: false,
    });
    expect((await listInvites(member)).map((i) => i.email)).toContain(fresh);
    await waitForMails(fresh);
  });

  it('administrators may set a welcome text up to 8000 characters', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    const ok = await invite(admin, { invitee_emails: uniqueEmail('welcome'), welcome_message_custom_text: 'Welcome aboard!' });
    expect(ok.body).toEqual({ result: 'success', msg: '' });
    const tooLong = await invite(admin, { invitee_emails: uniqueEmail('welcome'), welcome_message_custom_text: 'x'.repeat(8001) });
    expect(tooLong.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'welcome_message_custom_text is too long (limit: 8000 characters)' });
  });
});

describe('GET /invites', () => {
  it('administrators see everyone’s valid invitations, others their own; expired ones are not listed', async () => {
    const [alice, bob, admin] = await Promise.all([createUser(), createUser(), createUser({ role: Role.ADMINISTRATOR })]);
    const [a, b, expired] = [uniqueEmail('alice-inv'), uniqueEmail('bob-inv'), uniqueEmail('expired-inv')];
    await inviteTo(alice, a);
    await inviteTo(bob, b);
    expect((await invite(alice, { invitee_emails: expired, invite_expires_in_minutes: 0 })).body).toEqual({ result: 'success', msg: '' });
    expect((await listInvites(alice)).map((i) => i.email)).toEqual([a]);
    expect((await listInvites(bob)).map((i) => i.email)).toEqual([b]);
    const seenByAdmin = (await listInvites(admin)).map((i) => i.email);
    expect(seenByAdmin).toEqual(expect.arrayContaining([a, b]));
    expect(seenByAdmin).not.toContain(expired);
  });

  it('refuses guests', async () => {
    const guest = await createUser({ role: Role.GUEST });
    const res = await api('GET', '/invites', { auth: guest });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Not allowed for guest users' });
  });
});

describe('DELETE /invites/{invite_id}', () => {
  it('revokes my invitation: no longer listed, its link refused, a second revoke finds nothing', async () => {
    const member = await createUser();
    const email = uniqueEmail('revoked');
    const listed = await inviteTo(member, email);
    const key = await keyFor(email);
    const res = await api('DELETE', `/invites/${listed.id}`, { auth: member });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect((await listInvites(member)).map((i) => i.id)).not.toContain(listed.id);
    expect((await accept(key)).body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: LINK_EXPIRED });
    const again = await api('DELETE', `/invites/${listed.id}`, { auth: member });
    expect(again.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such invitation' });
  });

  it('answers "No such invitation" for an unknown id', async () => {
    const res = await api('DELETE', '/invites/99999999', { auth: owner() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such invitation' });
  });

  it("role matrix on another member's invitation: admins and owners may, moderators, members and guests may not", async () => {
    const inviter = await createUser();
    const cases = [
      [Role.GUEST, 'BAD_REQUEST', 'Not allowed for guest users'],
      [Role.MEMBER, 'BAD_REQUEST', 'Must be an organization administrator'],
      [Role.MODERATOR, 'BAD_REQUEST', 'Must be an organization administrator'],
      [Role.ADMINISTRATOR, null, null],
      [Role.OWNER, null, null],
    ] as const;
    for (const [role, code, msg] of cases) {
      const listed = await inviteTo(inviter, uniqueEmail(`revoke-by-${role}`));
      const actor = role === Role.OWNER ? owner() : await createUser({ role });
      const res = await api('DELETE', `/invites/${listed.id}`, { auth: actor });
      if (code) expect([role, res.body]).toEqual([role, { result: 'error', code, msg }]);
      else expect([role, res.body]).toEqual([role, { result: 'success', msg: '' }]);
    }
  });

  it("an administrator may not revoke another user's invitation of an owner", async () => {
    const listed = await inviteTo(owner(), uniqueEmail('owner-invite'), { invite_as: Role.OWNER });
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    const res = await api('DELETE', `/invites/${listed.id}`, { auth: admin });
    expect(res.body).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' });
    expect((await api('DELETE', `/invites/${listed.id}`, { auth: owner() })).body).toEqual({ result: 'success', msg: '' });
  });
});

describe('POST /invites/{invite_id}/resend', () => {
  it('mails a new link that replaces the old one; the expiry is unchanged', async () => {
    const member = await createUser();
    const email = uniqueEmail('resent');
    const listed = await inviteTo(member, email);
    const oldKey = await keyFor(email);
    const res = await api('POST', `/invites/${listed.id}/resend`, { auth: member });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const mails = await waitForMails(email, 2);
    const keys = mails.map(invitationKeyIn);
    const newKey = keys.find((k) => k !== oldKey)!;
    expect(newKey).toBeDefined();
    const relisted = (await listInvites(member)).find((i) => i.id === listed.id)!;
    expect(relisted.expiry_date).toBe(listed.expiry_date);
    expect((await accept(oldKey)).body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: LINK_EXPIRED });
    expect((await accept(newKey)).status).toBe(200);
  });

  it('answers "No such invitation" for an unknown id and refuses a member on another user’s invitation', async () => {
    const [inviter, other] = await Promise.all([createUser(), createUser()]);
    expect((await api('POST', '/invites/99999999/resend', { auth: inviter })).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'No such invitation',
    });
    const listed = await inviteTo(inviter, uniqueEmail('not-yours'));
    expect((await api('POST', `/invites/${listed.id}/resend`, { auth: other })).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Must be an organization administrator',
    });
    expect((await api('POST', `/invites/${listed.id}/resend`, { auth: owner() })).body).toEqual({ result: 'success', msg: '' });
  });
});

describe('POST /invites/accept', () => {
  it('creates the invited account with the invited role; its API key works; the link works once', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    const email = uniqueEmail('joiner');
    const listed = await inviteTo(admin, email, { invite_as: Role.MODERATOR });
    const key = await keyFor(email);
    const res = await accept(key, { full_name: 'New Moderator' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      email,
      user_id: expect.any(Number),
    });
    const me = await api('GET', '/users/me', { auth: { email, apiKey: res.body.api_key as string } });
    expect(me.body).toMatchObject({ user_id: res.body.user_id, email, full_name: 'New Moderator', role: Role.MODERATOR });
    const login = await api('POST', '/fetch_api_key', { params: { username: email, password: 'a-good-password' } });
    expect(login.body).toMatchObject({ api_key: res.body.api_key, user_id: res.body.user_id });
    expect((await listInvites(admin)).map((i) => i.id)).not.toContain(listed.id);
    expect((await accept(key)).body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'The confirmation link has already been used.' });
  });

  it('revokes the other pending invitations to the same address', async () => {
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const email = uniqueEmail('twice');
    await inviteTo(a, email);
    const second = await inviteTo(b, email);
    const key = await keyFor(email, 1);
    expect((await accept(key)).status).toBe(200);
    expect((await listInvites(b)).map((i) => i.id)).not.toContain(second.id);
    expect((await api('DELETE', `/invites/${second.id}`, { auth: b })).body).toMatchObject({ msg: 'No such invitation' });
  });

  it('refuses the invitations of a user deactivated since, even to administrator, and no longer lists them', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR, label: 'leaving-admin' });
    const [toAdmin, toMember] = [uniqueEmail('from-gone-admin'), uniqueEmail('from-gone-member')];
    const listed = [await inviteTo(admin, toAdmin, { invite_as: Role.ADMINISTRATOR }), await inviteTo(admin, toMember)];
    const keys = [await keyFor(toAdmin), await keyFor(toMember)];
    expect((await api('DELETE', `/users/${admin.userId}`, { auth: owner() })).body).toEqual({ result: 'success', msg: '' });

    for (const key of keys) expect((await accept(key)).body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: LINK_EXPIRED });
    const remaining = (await listInvites(owner())).map((i) => i.id);
    expect(remaining).not.toContain(listed[0]!.id);
    expect(remaining).not.toContain(listed[1]!.id);
  });

  it('refuses an expired invitation', async () => {
    const member = await createUser();
    const email = uniqueEmail('late');
    expect((await invite(member, { invitee_emails: email, invite_expires_in_minutes: 0 })).body).toEqual({ result: 'success', msg: '' });
    const key = await keyFor(email);
    expect((await accept(key)).body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: LINK_EXPIRED });
  });

  it.each([
    [{ key: 'abcdefghijklmnopqrstuvwx' }, 'BAD_REQUEST', "Whoops. We couldn't find your confirmation link in the system."],
    [{ password: undefined }, 'REQUEST_VARIABLE_MISSING', "Missing 'password' argument"],
    [{ key: undefined }, 'REQUEST_VARIABLE_MISSING', "Missing 'key' argument"],
  ])('refuses %j', async (params, code, msg) => {
    const res = await accept('abcdefghijklmnopqrstuvwx', params);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', code, msg });
  });

  it('refuses a weak password or a bad name and leaves the invitation usable', async () => {
    const member = await createUser();
    const email = uniqueEmail('careful');
    await inviteTo(member, email);
    const key = await keyFor(email);
    expect((await accept(key, { password: 'abc' })).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'The password is too weak.',
    });
    expect((await accept(key, { full_name: ' ' })).body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Name too short!' });
    expect((await accept(key)).status).toBe(200);
  });
});

describe('POST /invites with channels', () => {
  it('a channel created just before is accepted at once, and the new user is subscribed to it on joining', async () => {
    const messagesEvents = await captureEvents('messages');
    try {
      const member = await createUser({ label: 'channel-inviter' });
      const channel = await createChannel({}, member);
      const email = uniqueEmail('to-channel');
      await inviteTo(member, email, { stream_ids: [channel] });
      const joined = await accept(await keyFor(email));
      expect(joined.status).toBe(200);
      await messagesEvents.waitFor(
        (e) =>
          e.type === 'channel.subscribers_added.v1' &&
          e.data.channelId === channel &&
          JSON.stringify(e.data).includes(`"userId":${String(joined.body.user_id)}`),
        20_000,
      );
      expect(await subscribedChannelIds({ email, apiKey: joined.body.api_key as string })).toContain(channel);
    } finally {
      await messagesEvents.stop();
    }
  });

  it('a private channel is unknown to an inviter who is not subscribed to it, and fine once they are', async () => {
    const [member, other] = await Promise.all([createUser(), createUser()]);
    const hidden = await createChannel({ invite_only: true, subscribers: [other.userId] }, other);
    const refused = await invite(member, { invitee_emails: uniqueEmail('hidden'), stream_ids: [hidden] });
    expect(refused.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: `Invalid channel ID ${hidden}. No invites were sent.` });
    const shared = await createChannel({ invite_only: true, subscribers: [member.userId, other.userId] }, other);
    expect((await invite(member, { invitee_emails: uniqueEmail('shared'), stream_ids: [shared] })).body).toEqual({
      result: 'success',
      msg: '',
    });
  });

  it('a guest subscribed to a channel is still not allowed to invite', async () => {
    const guest = await createUser({ role: Role.GUEST });
    const channel = await createChannel({ subscribers: [guest.userId] });
    expect((await invite(guest, { invitee_emails: uniqueEmail('by-guest'), stream_ids: [channel] })).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Not allowed for guest users',
    });
  });
});

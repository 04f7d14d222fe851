import { Role } from '@zulip-es/contracts';
import { api, createUser, owner, type TestUser } from '@zulip-es/testing';

const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });
const statusOf = async (user: { userId: number }) => (await api('GET', `/users/${user.userId}/status`, { auth: owner() })).body;

describe('POST /users/me/status (E8, self)', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser({ label: 'own-status' });
  });

  it('sets the text and an emoji looked up by name; GET and POST /register show it', async () => {
    const res = await api('POST', '/users/me/status', { auth: user, params: { status_text: '  on vacation  ', emoji_name: 'car' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect(await statusOf(user)).toEqual({
      result: 'success',
      msg: '',
      status: { status_text: 'on vacation', emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' },
    });
    const registered = await api('POST', '/register', { auth: user, params: { fetch_event_types: ['user_status'] } });
    expect((registered.body.user_status as Record<string, unknown>)[String(user.userId)]).toEqual({
      status_text: 'on vacation',
      emoji_name: 'car',
      emoji_code: '1f697',
      reaction_type: 'unicode_emoji',
    });
  });

  it('changes only what is sent, clears the emoji with an empty name and the text with an empty text', async () => {
    const u = await createUser({ label: 'status-clear' });
    await api('POST', '/users/me/status', { auth: u, params: { status_text: 'busy', emoji_name: '+1' } });
    await api('POST', '/users/me/status', { auth: u, params: { emoji_name: '' } });
    expect((await statusOf(u)).status).toEqual({ status_text: 'busy' });
    await api('POST', '/users/me/status', { auth: u, params: { status_text: '' } });
    expect((await statusOf(u)).status).toEqual({});
    const registered = await api('POST', '/register', { auth: u, params: { fetch_event_types: ['user_status'] } });
    expect(registered.body.user_status).not.toHaveProperty(String(u.userId));
  });

  it('accepts an emoji with its code and type, and the zulip extra emoji', async () => {
    const u = await createUser({ label: 'status-emoji' });
    expect(
      (
        await api('POST', '/users/me/status', {
          auth: u,
          params: { emoji_name: 'smile', emoji_code: '1f642', reaction_type: 'unicode_emoji' },
        })
      ).status,
    ).toBe(200);
    // Zulip's names, not emoji-datasource's: `smile` is 1f642 in Zulip (1f604 is `big_smile`).
    const datasourceSmile = await api('POST', '/users/me/status', {
      auth: u,
      params: { emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji' },
    });
    expect(datasourceSmile.body).toMatchObject({ result: 'error', msg: 'Invalid emoji name.' });
    await api('POST', '/users/me/status', { auth: u, params: { emoji_name: 'zulip' } });
    expect((await statusOf(u)).status).toEqual({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
  });

  it('takes away (legacy) on the self endpoint', async () => {
    const u = await createUser({ label: 'status-away' });
    const res = await api('POST', '/users/me/status', { auth: u, params: { away: true } });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect((await statusOf(u)).status).toEqual({ away: true });
  });

  it('allows 60 characters after stripping, counting code points', async () => {
    const u = await createUser({ label: 'status-60' });
    const sixty = '🙂'.repeat(60);
    expect((await api('POST', '/users/me/status', { auth: u, params: { status_text: ` ${sixty} ` } })).status).toBe(200);
    expect((await statusOf(u)).status).toEqual({ status_text: sixty });
  });

  it.each([
    ['a text over 60 characters', { status_text: 'x'.repeat(61) }, 'status_text is too long (limit: 60 characters)'],
    ['nothing to set', {}, 'Client did not pass any new values.'],
    ['only an emoji code', { emoji_code: '1f697' }, 'Client did not pass any new values.'],
    [
      'a code without a name',
      { status_text: 'x', emoji_code: '1f697' },
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    ],
    [
      'a type without a name',
      { status_text: 'x', reaction_type: 'unicode_emoji' },
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    ],
    ['an unknown emoji name', { emoji_name: 'no_such_emoji_name' }, "Emoji 'no_such_emoji_name' does not exist"],
    ['an unknown unicode code', { emoji_name: 'car', emoji_code: 'fffff', reaction_type: 'unicode_emoji' }, 'Invalid emoji code.'],
    [
      'a name that does not match the code',
      { emoji_name: 'smile', emoji_code: '1f697', reaction_type: 'unicode_emoji' },
      'Invalid emoji name.',
    ],
    ['an unknown custom emoji', { emoji_name: 'party', emoji_code: '999999', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
    [
      'a wrong zulip extra emoji code',
      { emoji_name: 'zulip', emoji_code: 'other', reaction_type: 'zulip_extra_emoji' },
      'Invalid emoji code.',
    ],
    ['an unknown reaction type', { emoji_name: 'car', emoji_code: '1f697', reaction_type: 'sticker' }, 'Invalid emoji type.'],
  ])('refuses %s and changes nothing', async (_what, params, msg) => {
    const res = await api('POST', '/users/me/status', { auth: user, params: { ...params } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(error(msg));
    expect((await statusOf(user)).status).toEqual({
      status_text: 'on vacation',
      emoji_name: 'car',
      emoji_code: '1f697',
      reaction_type: 'unicode_emoji',
    });
  });
});

describe('POST /users/{user_id}/status (E8, administrators)', () => {
  it.each([
    ['owner', Role.OWNER],
    ['administrator', Role.ADMINISTRATOR],
  ])("lets an %s set another user's status", async (_name, role) => {
    const [admin, target] = await Promise.all([
      role === Role.OWNER ? Promise.resolve(null) : createUser({ role, label: 'status-admin' }),
      createUser({ label: 'status-target' }),
    ]);
    const res = await api('POST', `/users/${target.userId}/status`, {
      auth: admin ?? owner(),
      params: { status_text: 'in a meeting', emoji_name: 'car' },
    });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect((await statusOf(target)).status).toEqual({
      status_text: 'in a meeting',
      emoji_name: 'car',
      emoji_code: '1f697',
      reaction_type: 'unicode_emoji',
    });
  });

  it.each([
    ['moderator', Role.MODERATOR],
    ['member', Role.MEMBER],
    ['guest', Role.GUEST],
  ])('refuses a %s with "Insufficient permission" and changes nothing', async (_name, role) => {
    const [caller, target] = await Promise.all([createUser({ role, label: 'status-caller' }), createUser({ label: 'status-target' })]);
    const res = await api('POST', `/users/${target.userId}/status`, { auth: caller, params: { status_text: 'hijacked' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(error('Insufficient permission'));
    expect((await statusOf(target)).status).toEqual({});
  });

  it('looks the target up first: an unknown user is "No such user" even for a member', async () => {
    const member = await createUser({ label: 'status-member' });
    expect((await api('POST', '/users/999999/status', { auth: member, params: { status_text: 'x' } })).body).toEqual(error('No such user'));
    expect((await api('POST', '/users/999999/status', { auth: owner(), params: { status_text: 'x' } })).body).toEqual(
      error('No such user'),
    );
  });

  it('refuses a deactivated target', async () => {
    const target = await createUser({ label: 'status-deactivated' });
    await api('DELETE', `/users/${target.userId}`, { auth: owner() });
    expect((await api('POST', `/users/${target.userId}/status`, { auth: owner(), params: { status_text: 'x' } })).body).toEqual(
      error('User is deactivated'),
    );
  });

  it('validates like the self endpoint', async () => {
    const target = await createUser({ label: 'status-validate' });
    const post = (params: Record<string, unknown>) => api('POST', `/users/${target.userId}/status`, { auth: owner(), params });
    expect((await post({})).body).toEqual(error('Client did not pass any new values.'));
    expect((await post({ status_text: 'y'.repeat(61) })).body).toEqual(error('status_text is too long (limit: 60 characters)'));
    expect((await post({ emoji_name: 'nope_nope' })).body).toEqual(error("Emoji 'nope_nope' does not exist"));
    expect((await statusOf(target)).status).toEqual({});
  });

  it('does not take away: it is reported as ignored', async () => {
    const target = await createUser({ label: 'status-no-away' });
    const res = await api('POST', `/users/${target.userId}/status`, { auth: owner(), params: { status_text: 'x', away: true } });
    expect(res.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['away'] });
    expect((await statusOf(target)).status).toEqual({ status_text: 'x' });
  });
});

describe('GET /users/{user_id}/status', () => {
  it('is an empty object for a user without a status, to any member', async () => {
    const [viewer, target] = await Promise.all([
      createUser({ role: Role.GUEST, label: 'status-viewer' }),
      createUser({ label: 'status-none' }),
    ]);
    expect((await api('GET', `/users/${target.userId}/status`, { auth: viewer })).body).toEqual({ result: 'success', msg: '', status: {} });
  });

  it('refuses unknown and deactivated users', async () => {
    expect((await api('GET', '/users/999999/status', { auth: owner() })).body).toEqual(error('No such user'));
    const gone = await createUser({ label: 'status-gone' });
    await api('DELETE', `/users/${gone.userId}`, { auth: owner() });
    expect((await api('GET', `/users/${gone.userId}/status`, { auth: owner() })).body).toEqual(error('User is deactivated'));
  });
});

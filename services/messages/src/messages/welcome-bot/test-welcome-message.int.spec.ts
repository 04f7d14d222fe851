import { Role } from '@zulip-es/contracts';
import { api, createUser, owner, type Credentials } from '@zulip-es/testing';

const test = (auth: Credentials, text: string) =>
  api('POST', '/realm/test_welcome_bot_custom_message', { auth, params: { welcome_message_custom_text: text } });

describe('POST /realm/test_welcome_bot_custom_message', () => {
  it('has the Welcome Bot send the administrator the note as new users would get it', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR, label: 'welcome-test' });
    const res = await test(admin, 'Welcome aboard!\n```\ncode\n```');
    expect(res.body).toEqual({ result: 'success', msg: '', message_id: expect.any(Number) });
    const { message } = (await api('GET', `/messages/${res.body.message_id}`, { auth: admin, params: { apply_markdown: false } })).body as {
      message: Record<string, unknown>;
    };
    expect(message).toMatchObject({ sender_email: 'welcome-bot@zulip.com', sender_full_name: 'Welcome Bot', type: 'private' });
    expect(message.content).toBe('A note from @_*role:administrators*:\n````quote\nWelcome aboard!\n```\ncode\n```\n````');
    const users = (await api('GET', '/users', { auth: owner() })).body.members as { email: string }[];
    expect(users.some((u) => u.email === 'welcome-bot@zulip.com')).toBe(false);
  });

  it('refuses an empty note, and a note longer than Zulip allows', async () => {
    expect((await test(owner(), '')).body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Message must not be empty' });
    expect((await test(owner(), 'x'.repeat(8001))).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'welcome_message_custom_text is too long (limit: 8000 characters)',
    });
  });
});

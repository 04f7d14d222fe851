import { Role } from '@zulip-es/contracts';
import { failed, newUserClient, succeeded } from './zulip-js-client';

/** E8 user status as a client sets its own and reads someone else's, through `callEndpoint`. */

type StatusReply = { status: Record<string, unknown> };

describe('zulip-js: user status (E8)', () => {
  it('sets the own status (a multipart POST), which another user then reads', async () => {
    const { user, client } = await newUserClient({ label: 'zjs-status' });
    const { client: viewer } = await newUserClient({ role: Role.GUEST, label: 'zjs-status-viewer' });
    expect(succeeded(await viewer.callEndpoint<StatusReply>(`/users/${user.userId}/status`)).status).toEqual({});

    const res = succeeded(await client.callEndpoint('/users/me/status', 'POST', { status_text: ' Zoë’s 🌴 meeting ', emoji_name: 'car' }));
    expect(res).toEqual({ result: 'success', msg: '' });
    expect(succeeded(await viewer.callEndpoint<StatusReply>(`/users/${user.userId}/status`))).toEqual({
      result: 'success',
      msg: '',
      status: { status_text: 'Zoë’s 🌴 meeting', emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' },
    });

    // Clearing the emoji leaves the text; `away` goes as the text 'true'.
    succeeded(await client.callEndpoint('/users/me/status', 'POST', { emoji_name: '', away: 'true' }));
    expect(succeeded(await viewer.callEndpoint<StatusReply>(`/users/${user.userId}/status`)).status).toEqual({
      status_text: 'Zoë’s 🌴 meeting',
      away: true,
    });
  });

  it('refuses a text over 60 characters, an unknown emoji, and an unknown user', async () => {
    const { client } = await newUserClient({ label: 'zjs-status-bad' });
    expect(failed(await client.callEndpoint('/users/me/status', 'POST', { status_text: 'x'.repeat(61) }))).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'status_text is too long (limit: 60 characters)',
    });
    expect(failed(await client.callEndpoint('/users/me/status', 'POST', { emoji_name: 'nope_nope' }))).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: "Emoji 'nope_nope' does not exist",
    });
    expect(failed(await client.callEndpoint('/users/99999999/status'))).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'No such user',
    });
  });
});

import type zulip from 'zulip-js';
import { Role } from '@zulip-es/contracts';
import { invitationKeyIn, uniqueEmail, waitForMails } from '@zulip-es/testing';
import { anonymousClient, clientFor, failed, logIn, newUserClient, succeeded } from './zulip-js-client';

/**
 * E6 invitations through `callEndpoint`: POST bodies are multipart (zulip-js JSON-encodes the
 * `stream_ids` list itself), the invitation key comes from the email in the outbox, and the
 * invited person signs up with a client that has no account yet.
 */

interface Invite {
  id: number;
  email: string;
  invited_by_user_id: number;
  invited_as: number;
  expiry_date: number | null;
}
type Invites = { invites: Invite[] };
type Accepted = { api_key: string; email: string; user_id: number };

const LINK_EXPIRED = 'The confirmation link has expired or been deactivated.';

async function listed(client: zulip.Client, email: string): Promise<Invite | undefined> {
  return succeeded(await client.callEndpoint<Invites>('/invites')).invites.find((i) => i.email === email);
}

/** The invitation keys mailed to `email` so far, once at least `count` emails are there (in no particular order). */
async function keysFor(email: string, count = 1): Promise<string[]> {
  return (await waitForMails(email, count)).map(invitationKeyIn);
}

describe('zulip-js: invitations (E6)', () => {
  let inviter: { user: { userId: number }; client: zulip.Client };
  beforeAll(async () => {
    inviter = await newUserClient({ role: Role.ADMINISTRATOR, label: 'zjs-inviter' });
  });

  it('invites, lists, resends, and the invited person signs up with the newest link and logs in', async () => {
    const email = uniqueEmail('zjs-invitee');
    const sent = succeeded(
      await inviter.client.callEndpoint('/invites', 'POST', { invitee_emails: email, stream_ids: [], invite_as: Role.MODERATOR }),
    );
    expect(sent).toEqual({ result: 'success', msg: '' });
    const invite = await listed(inviter.client, email);
    expect(invite).toMatchObject({
      id: expect.any(Number),
      invited_by_user_id: inviter.user.userId,
      invited_as: Role.MODERATOR,
      expiry_date: expect.any(Number),
    });
    const [firstKey] = await keysFor(email);

    // No parameters at all: zulip-js still posts an (empty) multipart body.
    expect(succeeded(await inviter.client.callEndpoint(`/invites/${invite!.id}/resend`, 'POST'))).toEqual({ result: 'success', msg: '' });
    const newKey = (await keysFor(email, 2)).find((key) => key !== firstKey);
    expect(newKey).toEqual(expect.any(String));

    const signUp = await anonymousClient();
    const stale = failed(
      await signUp.callEndpoint('/invites/accept', 'POST', { key: firstKey, full_name: 'Invited By zulip-js', password: 'zjs-invited-pw' }),
    );
    expect(stale).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: LINK_EXPIRED });
    const accepted = succeeded(
      await signUp.callEndpoint<Accepted>('/invites/accept', 'POST', {
        key: newKey!,
        full_name: 'Invited By zulip-js',
        password: 'zjs-invited-pw',
      }),
    );
    expect(accepted).toEqual({ result: 'success', msg: '', api_key: expect.any(String), email, user_id: expect.any(Number) });

    const withKey = await clientFor({ email, apiKey: accepted.api_key });
    expect(succeeded(await withKey.users.me.getProfile())).toMatchObject({
      user_id: accepted.user_id,
      full_name: 'Invited By zulip-js',
      role: Role.MODERATOR,
    });
    expect((await logIn(email, 'zjs-invited-pw')).config.apiKey).toBe(accepted.api_key);
    expect(await listed(inviter.client, email)).toBeUndefined();
  });

  it('revokes an invitation, whose link then fails; a second revoke finds nothing', async () => {
    const email = uniqueEmail('zjs-revoked');
    succeeded(await inviter.client.callEndpoint('/invites', 'POST', { invitee_emails: email, stream_ids: [] }));
    const invite = (await listed(inviter.client, email))!;
    const [key] = await keysFor(email);

    expect(succeeded(await inviter.client.callEndpoint(`/invites/${invite.id}`, 'DELETE'))).toEqual({ result: 'success', msg: '' });
    expect(await listed(inviter.client, email)).toBeUndefined();
    const signUp = await anonymousClient();
    expect(
      failed(await signUp.callEndpoint('/invites/accept', 'POST', { key, full_name: 'Too Late', password: 'zjs-invited-pw' })),
    ).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: LINK_EXPIRED,
    });
    expect(failed(await inviter.client.callEndpoint(`/invites/${invite.id}`, 'DELETE'))).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'No such invitation',
    });
  });

  it('answers an address already in use with INVITATION_FAILED and its details, and refuses guests', async () => {
    const taken = failed(
      await inviter.client.callEndpoint('/invites', 'POST', { invitee_emails: inviter.client.config.username, stream_ids: [] }),
    );
    expect(taken).toEqual({
      result: 'error',
      code: 'INVITATION_FAILED',
      msg: "We weren't able to invite anyone.",
      errors: [[inviter.client.config.username, 'Already has an account.', false]],
      sent_invitations: false,
      license_limit_reached: false,
      daily_limit_reached: false,
    });
    const { client: guest } = await newUserClient({ role: Role.GUEST, label: 'zjs-invite-guest' });
    expect(failed(await guest.callEndpoint('/invites'))).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Not allowed for guest users',
    });
  });
});

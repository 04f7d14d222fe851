import type zulip from 'zulip-js';
import { failed, newUserClient, succeeded } from './zulip-js-client';

/** E18 presence: a client reports itself active, another reads the organization's presence. */

interface ClientPresence {
  client: string;
  status: string;
  timestamp: number;
  pushable?: boolean;
}
type Presences = { presences: Record<string, { website: ClientPresence; aggregated: ClientPresence }>; server_timestamp: number };

/** The email presence is keyed by: the API email, which a user's settings may make a dummy one. */
const apiEmailOf = async (viewer: zulip.Client, userId: number): Promise<string> =>
  succeeded(await viewer.callEndpoint<{ user: zulip.User }>(`/users/${userId}`)).user.email;

describe('zulip-js: presence (E18)', () => {
  it('reports the own presence, seen by another user in GET /realm/presence', async () => {
    const { user, client } = await newUserClient({ label: 'zjs-presence' });
    const { client: viewer } = await newUserClient({ label: 'zjs-presence-viewer' });
    const reply = succeeded(
      await client.callEndpoint<Presences>('/users/me/presence', 'POST', { status: 'active', new_user_input: 'true' }),
    );
    const email = await apiEmailOf(viewer, user.userId);
    expect(reply.presences[email]?.website).toMatchObject({ client: 'website', status: 'active' });

    const seen = succeeded(await viewer.callEndpoint<Presences>('/realm/presence'));
    expect(seen.presences[email]).toEqual({
      website: { client: 'website', status: 'active', timestamp: expect.any(Number), pushable: false },
      aggregated: { client: 'website', status: 'active', timestamp: expect.any(Number) },
    });
    expect(Math.abs(seen.presences[email]!.website.timestamp - seen.server_timestamp)).toBeLessThan(60);

    // A boolean goes as the text 'true': ping_only answers no presences.
    expect(succeeded(await client.callEndpoint('/users/me/presence', 'POST', { status: 'idle', ping_only: 'true' }))).toEqual({
      result: 'success',
      msg: '',
      presence_last_update_id: -1,
    });
  });

  it('refuses an unknown status', async () => {
    const { client } = await newUserClient({ label: 'zjs-presence-bad' });
    expect(failed(await client.callEndpoint('/users/me/presence', 'POST', { status: 'away' }))).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Invalid status: away',
    });
  });
});

import type zulip from 'zulip-js';
import { Role } from '@zulip-es/contracts';
import { failed, newUserClient, ownerClient, succeeded } from './zulip-js-client';

/**
 * `PATCH /realm` through `callEndpoint`, a boolean setting sent as the text 'true'/'false' in
 * the query string, read back from `queues.register`. The organization is shared by every test
 * file: the setting is put back at once.
 */

const realmState = async (client: zulip.Client) => succeeded(await client.queues.register({ fetch_event_types: ['realm'] }));

describe('zulip-js: PATCH /realm', () => {
  it('lets an administrator change allow_message_editing, answering the new value', async () => {
    const { client: admin } = await newUserClient({ role: Role.ADMINISTRATOR, label: 'zjs-realm-admin' });
    const before = (await realmState(admin)).realm_allow_message_editing as boolean;
    try {
      const res = succeeded(await admin.callEndpoint('/realm', 'PATCH', { allow_message_editing: String(!before) }));
      expect(res).toEqual({ result: 'success', msg: '', allow_message_editing: !before });
      expect((await realmState(admin)).realm_allow_message_editing).toBe(!before);
    } finally {
      succeeded(await admin.callEndpoint('/realm', 'PATCH', { allow_message_editing: String(before) }));
    }
    expect((await realmState(admin)).realm_allow_message_editing).toBe(before);
  });

  it('refuses a member, and a value that is not a boolean, changing nothing', async () => {
    const owner = await ownerClient();
    const before = (await realmState(owner)).realm_allow_message_editing as boolean;
    const { client: member } = await newUserClient({ label: 'zjs-realm-member' });
    expect(failed(await member.callEndpoint('/realm', 'PATCH', { allow_message_editing: String(!before) }))).toEqual({
      result: 'error',
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
    expect(failed(await owner.callEndpoint('/realm', 'PATCH', { allow_message_editing: 'maybe' }))).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'allow_message_editing is not valid JSON',
    });
    expect((await realmState(owner)).realm_allow_message_editing).toBe(before);
  });
});

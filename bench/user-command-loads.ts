import { randomBytes } from 'node:crypto';
import { encodeParams } from '../libs/testing/src/zulip-client';
import type { BenchAccounts } from './presence-loads';
import type { SystemLoad } from './system-loads';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * E5 and E6, the users service's commands that are decided on key `realm` (one at a time for the
 * whole organization) and append an event each, on the organization the presence setup filled.
 */
export function userCommandLoads(gatewayUrl: string, authorization: string, accounts: BenchAccounts): SystemLoad[] {
  const run = randomBytes(4).toString('hex');
  let renames = 0;
  let invites = 0;
  // The last presence account: not among the senders, so renaming it touches no other row.
  const target = accounts.userIds.at(-1)!;
  return [
    {
      name: 'PATCH /users/{user_id} (E5, owner renames a user: an event)',
      floor: 'kafka',
      target: {
        url: `${gatewayUrl}/api/v1/users/${target}`,
        method: 'PATCH',
        headers: { authorization, ...form },
        // A new name each time, so every request is a change.
        body: () => encodeParams({ full_name: `E5 bench ${run} ${renames++}` }).toString(),
      },
    },
    {
      name: `POST /invites (E6, one new address, ${accounts.senders.length} members in turn)`,
      floor: 'kafka',
      target: {
        url: `${gatewayUrl}/api/v1/invites`,
        method: 'POST',
        // Rotating inviters keeps each one's daily count (a document rewritten per invitation) as small as a person's.
        request: () => {
          const n = invites++;
          return {
            headers: { authorization: accounts.senders[n % accounts.senders.length]!, ...form },
            body: encodeParams({ invitee_emails: `bench-invite-${run}-${n}@example.com`, stream_ids: [] }).toString(),
          };
        },
      },
    },
  ];
}

import { randomBytes } from 'node:crypto';
import { encodeParams } from '../libs/testing/src/zulip-client';
import type { SystemLoad } from './system-loads';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * POST /messages to one topic of a public channel created for the run: a message is decided on
 * key `realm` (one at a time for the organization, ids from one counter) and appends one event,
 * whose projection writes the message and appends its id to the topic's and channel's lists.
 */
export async function messageLoads(gatewayUrl: string, authorization: string): Promise<SystemLoad[]> {
  const run = randomBytes(4).toString('hex');
  const created = await fetch(`${gatewayUrl}/api/v1/channels/create`, {
    method: 'POST',
    headers: { authorization, ...form },
    body: encodeParams({ name: `bench-messages-${run}`, subscribers: [] }).toString(),
  });
  const { id } = (await created.json()) as { id: number };
  if (!created.ok) throw new Error(`bench: could not create the message channel (${created.status})`);
  let sent = 0;
  return [
    {
      name: 'POST /messages (channel message, one topic)',
      floor: 'kafka',
      target: {
        url: `${gatewayUrl}/api/v1/messages`,
        method: 'POST',
        headers: { authorization, ...form },
        body: () => encodeParams({ type: 'stream', to: String(id), topic: 'bench', content: `Bench message ${run} ${sent++}` }).toString(),
      },
    },
  ];
}

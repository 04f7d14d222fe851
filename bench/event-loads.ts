import { encodeParams } from '../libs/testing/src/zulip-client';
import type { SystemLoad } from './system-loads';

/**
 * GET /events on a queue registered for the run, with nothing queued and `dont_block`: the
 * gateway answers from Redis with no Kafka hop (PERFORMANCE.md: ≥ 0.8× the bare HTTP floor).
 * Registered just before the rows run: a queue nobody reads for 10 minutes is gone.
 */
export async function eventLoads(gatewayUrl: string, authorization: string): Promise<SystemLoad[]> {
  const res = await fetch(`${gatewayUrl}/api/v1/register`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeParams({ fetch_event_types: ['realm'] }).toString(),
  });
  if (!res.ok) throw new Error(`bench: could not register an event queue (${res.status})`);
  const { queue_id: queueId } = (await res.json()) as { queue_id: string };
  return [
    {
      name: 'GET /events (dont_block, nothing queued)',
      floor: 'http',
      target: { url: `${gatewayUrl}/api/v1/events?${encodeParams({ queue_id: queueId, dont_block: true })}`, headers: { authorization } },
    },
  ];
}

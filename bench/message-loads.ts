import { randomBytes } from 'node:crypto';
import { encodeParams } from '../libs/testing/src/zulip-client';
import type { SystemLoad } from './system-loads';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * POST /messages to one topic of a public channel created for the run: a message is decided on
 * key `realm` (one at a time for the organization, ids from one counter) and appends one event,
 * whose projection writes the message and appends its id to the topic's and channel's lists.
 * Then E1's round trips on messages sent for the run: a content edit and a topic move.
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
  // The content-edit row may start more than the default 600 s after its message was sent (the
  // rows are prepared first): the run's organization lifts the limit.
  const unlimited = await fetch(`${gatewayUrl}/api/v1/realm`, {
    method: 'PATCH',
    headers: { authorization, ...form },
    body: encodeParams({ message_content_edit_limit_seconds: '"unlimited"' }).toString(),
  });
  if (!unlimited.ok) throw new Error(`bench: could not lift the message edit limit (${unlimited.status})`);
  const [edited, moved] = [await sendOne(gatewayUrl, authorization, id, run), await sendOne(gatewayUrl, authorization, id, run)];
  let edits = 0;
  let moves = 0;
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
    {
      // E1: the sender edits one message's content (every request a new text), one event each.
      name: 'PATCH /messages/{id} (content edit)',
      floor: 'kafka',
      target: {
        url: `${gatewayUrl}/api/v1/messages/${edited}`,
        method: 'PATCH',
        headers: { authorization, ...form },
        body: () => encodeParams({ content: `Edited ${run} ${edits++}` }).toString(),
      },
    },
    {
      // E1: one message moved to a new topic each time (change_one, no breadcrumbs): the move
      // event takes it out of one topic list and into another.
      name: 'PATCH /messages/{id} (topic move, change_one)',
      floor: 'kafka',
      target: {
        url: `${gatewayUrl}/api/v1/messages/${moved}`,
        method: 'PATCH',
        headers: { authorization, ...form },
        body: () =>
          encodeParams({ topic: `bench move ${moves++}`, propagate_mode: 'change_one', send_notification_to_new_thread: false }).toString(),
      },
    },
  ];
}

/** One message of the run's channel, by the benchmark's user (who then edits and moves it). */
async function sendOne(gatewayUrl: string, authorization: string, channelId: number, run: string): Promise<number> {
  const res = await fetch(`${gatewayUrl}/api/v1/messages`, {
    method: 'POST',
    headers: { authorization, ...form },
    body: encodeParams({ type: 'stream', to: String(channelId), topic: 'bench edits', content: `To edit ${run}` }).toString(),
  });
  if (!res.ok) throw new Error(`bench: could not send the message to edit (${res.status})`);
  return ((await res.json()) as { id: number }).id;
}

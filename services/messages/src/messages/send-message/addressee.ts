import { badRequest } from '@zulip-es/platform';

/** Who a message is addressed to, as read from `type`, `to` and `topic` (Zulip's `Addressee`). */
export type Addressee =
  | { kind: 'channel'; channel: { name: string } | { id: number }; topic: string }
  | { kind: 'direct'; recipients: { emails: string[] } | { userIds: number[] } };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Zulip's `extract_stream_indicator`: a name, an id, or a JSON list holding one of them. */
function channelIndicator(to: string): { name: string } | { id: number } {
  let data = parseJson(to);
  if (Array.isArray(data)) {
    if (data.length !== 1) throw badRequest('Expected exactly one channel');
    data = data[0];
  }
  if (typeof data === 'string') return { name: data };
  if (typeof data === 'number' && Number.isInteger(data)) return { id: data };
  throw badRequest('Invalid data type for channel');
}

/** Zulip's `extract_recipients`: a JSON list of emails or of user ids, or comma-separated emails. */
function directRecipients(to: string): { emails: string[] } | { userIds: number[] } {
  let data = parseJson(to);
  if (typeof data === 'string') data = data.split(',');
  if (!Array.isArray(data)) throw badRequest('Invalid data type for recipients');
  if (data.length === 0) return { userIds: [] };
  if (typeof data[0] === 'string') {
    if (!data.every((e) => typeof e === 'string')) throw badRequest('Recipient lists may contain emails or user IDs, but not both.');
    return { emails: [...new Set((data as string[]).map((e) => e.trim()).filter((e) => e !== ''))] };
  }
  if (!data.every((id) => typeof id === 'number' && Number.isInteger(id))) {
    throw badRequest(
      typeof data[0] === 'number' ? 'Recipient lists may contain emails or user IDs, but not both.' : 'Invalid data type for recipients',
    );
  }
  return { userIds: [...new Set(data as number[])] };
}

/** Zulip's `Addressee.legacy_build` for the REST parameters. */
export function buildAddressee(params: { type: string; to: string; topic?: string; subject?: string }): Addressee {
  if (params.type === 'stream' || params.type === 'channel') {
    const channel = channelIndicator(params.to);
    const topic = params.topic ?? params.subject;
    if (topic === undefined) throw badRequest('Missing topic');
    return { kind: 'channel', channel, topic };
  }
  const recipients = directRecipients(params.to);
  const empty = 'emails' in recipients ? recipients.emails.length === 0 : recipients.userIds.length === 0;
  if (empty) throw badRequest('Message must have recipients');
  return { kind: 'direct', recipients };
}

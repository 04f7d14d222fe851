import { randomBytes } from 'node:crypto';
import { api, owner, type ApiResponse, type Credentials, type Params } from './zulip-client';

export const uniqueChannelName = (label = 'channel'): string => `${label}-${randomBytes(5).toString('hex')}`;

/** POST /users/me/subscriptions with these channel names (created when missing), as `auth`. */
export function subscribeTo(names: readonly string[], params: Params = {}, auth: Credentials = owner()): Promise<ApiResponse> {
  return api('POST', '/users/me/subscriptions', { auth, params: { subscriptions: names.map((name) => ({ name })), ...params } });
}

/** Creates a channel through POST /channels/create (as the owner unless `auth` says otherwise) and returns its id. */
export async function createChannel(params: Params = {}, auth: Credentials = owner()): Promise<number> {
  const res = await api('POST', '/channels/create', { auth, params: { name: uniqueChannelName(), subscribers: [], ...params } });
  if (res.status !== 200) throw new Error(`create channel failed: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** The ids of the channels `auth` is subscribed to. */
export async function subscribedChannelIds(auth: Credentials): Promise<number[]> {
  const res = await api('GET', '/users/me/subscriptions', { auth });
  if (res.status !== 200) throw new Error(`get subscriptions failed: ${JSON.stringify(res.body)}`);
  return (res.body.subscriptions as { stream_id: number }[]).map((s) => s.stream_id).sort((a, b) => a - b);
}

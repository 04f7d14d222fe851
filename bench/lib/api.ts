import { encodeParams } from '../../libs/testing/src/zulip-client';

/** A call of the system's REST API, as `auth` (else the caller's default); its JSON answer, or an error naming the call. */
export type ApiCall = (
  method: string,
  path: string,
  params?: Record<string, unknown>,
  auth?: string,
  headers?: Record<string, string>,
) => Promise<Record<string, unknown>>;

export function apiCaller(gatewayUrl: string, authorization: string): ApiCall {
  return async (method, path, params, auth = authorization, headers = {}) => {
    const query = method === 'GET' && params ? `?${encodeParams(params)}` : '';
    const res = await fetch(`${gatewayUrl}/api/v1${path}${query}`, {
      method,
      headers: { ...headers, authorization: auth, ...(method !== 'GET' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: method !== 'GET' && params ? encodeParams(params).toString() : undefined,
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
}

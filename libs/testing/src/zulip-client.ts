import { checkReplyShape, recordCheckedReply } from './reply-shapes';
import { systemInfo } from './system-info';

export interface Credentials {
  email: string;
  apiKey: string;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export type Params = Record<string, unknown>;

/** Zulip's encoding: strings as they are, everything else JSON inside the form value. */
export function encodeParams(params: Params): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form;
}

export const basicAuth = ({ email, apiKey }: Credentials): string => `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;

export interface RequestOptions {
  auth?: Credentials;
  /** A raw Authorization header, for malformed-credential tests. */
  authorization?: string;
  params?: Params;
  /** A raw form body, for malformed-body tests. */
  rawBody?: string;
  /** A multipart body (files, as `POST /user_uploads` takes them); fetch sets its content type. */
  multipart?: FormData;
  baseUrl?: string;
  /** Further request headers (a client's User-Agent). */
  headers?: Record<string, string>;
}

/**
 * One request to the API under test, as a Zulip client sends it. A success answer of an
 * operation is checked against the operation's reply shape (`Operation.reply`): a body of
 * another shape fails the calling test.
 */
export async function api(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
  const base = options.baseUrl ?? systemInfo().gatewayUrl;
  const headers: Record<string, string> = { ...options.headers };
  const authorization = options.authorization ?? (options.auth ? basicAuth(options.auth) : undefined);
  if (authorization) headers.authorization = authorization;
  let url = `${base}/api/v1${path}`;
  let body: string | FormData | undefined = options.multipart;
  const form = options.rawBody ?? (options.params ? encodeParams(options.params).toString() : undefined);
  if (method === 'GET' || body) {
    if (form) url += `?${form}`;
  } else if (form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = form;
  }
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  const answer = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (res.headers.get('content-type')?.startsWith('application/json')) {
    const checked = checkReplyShape(method, path, res.status, answer);
    if (checked) recordCheckedReply(checked);
  }
  return { status: res.status, headers: res.headers, body: answer };
}

export const owner = (): Credentials => {
  const { email, apiKey } = systemInfo().owner;
  return { email, apiKey };
};

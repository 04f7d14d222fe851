import zulip from 'zulip-js';
import type { Role } from '@zulip-es/contracts';
import { createUser, owner, systemInfo, type Credentials, type TestUser } from '@zulip-es/testing';

/**
 * zulip-js clients for the system under test, made the way an application makes them: from
 * the server's base URL and an account's email with its API key, or with its password.
 *
 * One spec per area sits next to this file (`<area>.zulip-js.e2e.spec.ts`). Areas without a
 * zulip-js method go through `client.callEndpoint(path, method, params)`; mind its encoding
 * (see zulip-js.d.ts): on POST only arrays are JSON-encoded for you, on every other method
 * nothing is, so JSON-encode objects (and arrays outside POST) yourself, give booleans as
 * 'true'/'false', and `encodeURIComponent` path segments such as a navigation view fragment.
 */

/** The server's base URL as an application configures it (zulip-js adds `/api/v1` itself). */
export const realmUrl = (): string => systemInfo().gatewayUrl;

/** A client holding `credentials`' API key. */
export const clientFor = (credentials: Credentials): Promise<zulip.Client> =>
  zulip({ realm: realmUrl(), username: credentials.email, apiKey: credentials.apiKey });

/** The organization owner's client. */
export const ownerClient = (): Promise<zulip.Client> => clientFor(owner());

/**
 * A client of someone without an account yet (signing up with an invitation key). zulip-js
 * needs a key to skip its login, and sends its Basic header on every call: endpoints that take
 * no credentials ignore it, as Zulip's do.
 */
export const anonymousClient = (): Promise<zulip.Client> => zulip({ realm: realmUrl(), username: '', apiKey: 'no-account-yet' });

/**
 * Logs in with email and password (zulip-js calls POST /fetch_api_key). zulip-js returns a
 * client without a key when the login fails, so this fails loudly instead.
 */
export async function logIn(email: string, password: string): Promise<zulip.Client> {
  const client = await zulip({ realm: realmUrl(), username: email, password });
  if (!client.config.apiKey) throw new Error(`zulip-js could not log in as ${email}`);
  return client;
}

/** A fresh user with `role` (made by the owner), and their client, logged in with their password. */
export async function newUserClient(options: { role?: Role; label?: string } = {}): Promise<{ user: TestUser; client: zulip.Client }> {
  const user = await createUser(options);
  return { user, client: await logIn(user.email, user.password) };
}

/** The success body of a zulip-js call, or a failure that shows the error Zulip answered. */
export function succeeded<T>(response: zulip.Response<T>): zulip.Success & T {
  if (response.result !== 'success') throw new Error(`expected success, got ${JSON.stringify(response)}`);
  return response;
}

/** The error body of a zulip-js call, or a failure if it succeeded. */
export function failed<T>(response: zulip.Response<T>): zulip.Failure {
  if (response.result !== 'error') throw new Error(`expected an error, got ${JSON.stringify(response)}`);
  return response;
}

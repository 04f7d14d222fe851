import { randomBytes } from 'node:crypto';
import { bootstrapRealm } from '../infra/system/bootstrap-realm';
import { localSecrets } from '../infra/system/local-secrets';
import { startSystem, type RunningSystem } from '../infra/system/system';
import { basicAuth } from '../libs/testing/src/zulip-client';
import { SYSTEM_ENV, SYSTEM_PORTS } from './config';

export interface SystemUnderTest {
  system: RunningSystem;
  /** The owner's Basic authorization header. */
  authorization: string;
}

/** The five built services on the bench's ports, with an organization whose owner can call the API. */
export async function startSystemUnderTest(logDir: string, env: Record<string, string> = {}): Promise<SystemUnderTest> {
  const system = await startSystem({ ports: SYSTEM_PORTS, env: { ...SYSTEM_ENV, ...localSecrets(), ...env }, logDir });
  try {
    const owner = await bootstrapRealm({
      realmName: 'Bench',
      ownerEmail: 'bench-owner@example.com',
      ownerFullName: 'Bench Owner',
      ownerPassword: randomBytes(12).toString('base64url'),
    });
    const authorization = basicAuth({ email: owner.email, apiKey: owner.api_key });
    await waitUntilAuthenticated(system.gatewayUrl, authorization);
    return { system, authorization };
  } catch (error) {
    await system.stop();
    throw error;
  }
}

/** The gateway learns of a new owner from the users events topic, a moment after the bootstrap reply. */
async function waitUntilAuthenticated(gatewayUrl: string, authorization: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const res = await fetch(`${gatewayUrl}/api/v1/users/me`, { headers: { authorization } });
    if (res.ok) return;
    last = `${res.status} ${await res.text()}`;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`GET /users/me still failing after ${timeoutMs} ms: ${last}`);
}

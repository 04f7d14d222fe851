import { api } from './zulip-client';
import type { TestUser } from './users';

const APP_ID = 'org.zulip.Zulip';

/** Polls `probe` until it returns a value, or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Adds legacy push tokens for `user` (APNs ones for Zulip's iOS app), then waits until the push
 * bouncer knows them: their registration jobs ran once a test notification to each succeeds.
 */
export async function addPushTokens(user: TestUser, tokens: { fcm?: string; apns?: string }): Promise<void> {
  if (tokens.fcm) await expectSuccess(api('POST', '/users/me/android_gcm_reg_id', { auth: user, params: { token: tokens.fcm } }));
  if (tokens.apns)
    await expectSuccess(api('POST', '/users/me/apns_device_token', { auth: user, params: { token: tokens.apns, appid: APP_ID } }));
  for (const token of [tokens.fcm, tokens.apns].filter((t): t is string => t !== undefined)) {
    await eventually(
      async () =>
        (await api('POST', '/mobile_push/test_notification', { auth: user, params: { token } })).body.result === 'success'
          ? true
          : undefined,
      `the bouncer to know ${token}`,
    );
  }
}

async function expectSuccess(response: ReturnType<typeof api>): Promise<void> {
  const res = await response;
  if (res.status !== 200) throw new Error(`adding a push token failed: ${JSON.stringify(res.body)}`);
}

let serial = 0;
/** Tokens unique across test files and runs. */
export const uniqueFcmToken = (label = 'fcm'): string => `${label}-${process.pid}-${Date.now()}-${++serial}`;
export const uniqueApnsToken = (): string =>
  `${Date.now().toString(16).padStart(16, '0')}${process.pid.toString(16).padStart(8, '0')}${(++serial).toString(16).padStart(8, '0')}`;

import { stopExtras } from './extra-processes';

/** Stops the services the global setup and the tests started; the stack keeps running for the next run. */
export default async function globalTeardown(): Promise<void> {
  const system = globalThis.__ZULIP_SYSTEM__;
  globalThis.__ZULIP_SYSTEM__ = undefined;
  await stopExtras();
  await system?.stop();
  await globalThis.__FAKE_PUSH_PROVIDERS__?.close();
  globalThis.__FAKE_PUSH_PROVIDERS__ = undefined;
}

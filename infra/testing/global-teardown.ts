import { OPERATIONS } from '../../libs/contracts/src';
import { checkedOperations, checkedRepliesFile } from '../../libs/testing/src/reply-shapes';
import { say } from '../stack/util';
import { stopExtras } from './extra-processes';

/** Stops the services the global setup and the tests started; the stack keeps running for the next run. */
export default async function globalTeardown(): Promise<void> {
  const checked = checkedOperations();
  if (checked.size > 0)
    say(`reply shapes: checked the replies of ${checked.size} of ${OPERATIONS.length} operations (${checkedRepliesFile()})`);
  const system = globalThis.__ZULIP_SYSTEM__;
  globalThis.__ZULIP_SYSTEM__ = undefined;
  await stopExtras();
  await system?.stop();
  await globalThis.__FAKE_PUSH_PROVIDERS__?.close();
  globalThis.__FAKE_PUSH_PROVIDERS__ = undefined;
}

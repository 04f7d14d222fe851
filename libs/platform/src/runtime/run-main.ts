import { ConfigError } from '../config/load-config';

/** Runs a service's start function; bad configuration or a failed start exits non-zero with a clear message. */
export function runMain(start: () => Promise<unknown>): void {
  start().catch((error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error('start failed:', error);
    process.exit(1);
  });
}

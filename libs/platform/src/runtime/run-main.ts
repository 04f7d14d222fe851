import { ConfigError } from '../config/load-config';

/** Runs a service's start function; bad configuration or a failed start exits non-zero with a clear message. */
export function runMain(start: () => Promise<unknown>): void {
  start().catch((error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error('start failed:', error);
    process.exit(1);
  });
}

/**
 * Calls `stop` on the first SIGTERM or SIGINT, once: Ctrl-C under `npm start` reaches a service
 * as SIGINT from the terminal and as SIGTERM from the process that started it, and a second
 * shutdown running beside the first would close what the first is still using.
 */
export function onStopSignal(stop: () => Promise<void>): void {
  let stopping: Promise<void> | undefined;
  const once = () => void (stopping ??= stop());
  process.on('SIGTERM', once);
  process.on('SIGINT', once);
}

import { READY_LINE } from './child';

/**
 * The `main` of a bench child process: `start` serves and returns how to stop. Readiness is
 * announced on stdout (BenchChild waits for it); SIGTERM or SIGINT stops it, a failed start exits 1.
 */
export function runBenchChild(start: () => Promise<() => Promise<unknown>>): void {
  start().then(
    (stop) => {
      process.stdout.write(`${READY_LINE}\n`);
      const exit = async () => {
        await stop();
        process.exit(0);
      };
      process.once('SIGTERM', exit);
      process.once('SIGINT', exit);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

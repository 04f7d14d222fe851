import type { Position } from '@zulip-es/contracts';

/**
 * A read model a domain service keeps beside its Mongo projection (in memory, fed from events
 * topics). The command processor brings it up to the end of its topics whenever it catches the
 * projection up (at start and after each rebalance), so nothing is decided or answered on an
 * older state, and waits on it for each caller's latest positions (read-your-writes across
 * instances).
 */
export interface ReadModel {
  /** Up to the end of its topics as they are now; the first call starts it. */
  catchUp(): Promise<void>;
  /** Resolves true once every position in its topics is applied, false after `timeoutMs`. */
  waitFor(positions: Position[], timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

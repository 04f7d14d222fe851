import type { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';

/** How often a dependency is checked, and how long one check may take. */
const EVERY_MS = 5_000;
const TIMEOUT_MS = 2_000;

/**
 * One dependency (Kafka, the store, Redis) checked in the background: a health request reads
 * the last result, so it never waits on a dependency and a probe storm never reaches one.
 */
export class DependencyProbe {
  private last: { up: true } | { up: false; message: string } = { up: false, message: 'not checked yet' };
  private checkedAt?: Date;
  private checksDone = 0;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    readonly name: string,
    private readonly check: () => Promise<unknown>,
  ) {}

  /** Checks once now (so the first health answer knows), then every few seconds. */
  async start(): Promise<void> {
    await this.probe();
    this.timer = setInterval(() => void this.probe(), EVERY_MS).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Counts the checks done, so a reader knows when the last result may have changed. */
  get checks(): number {
    return this.checksDone;
  }

  indicate(indicators: HealthIndicatorService): HealthIndicatorResult {
    const session = indicators.check(this.name);
    const checked_at = this.checkedAt?.toISOString() ?? null;
    return this.last.up ? session.up({ checked_at }) : session.down({ checked_at, message: this.last.message });
  }

  private probe(): Promise<void> {
    return (this.running ??= this.once().finally(() => (this.running = undefined)));
  }

  private async once(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    });
    try {
      await Promise.race([this.check(), timeout]);
      this.last = { up: true };
    } catch (error) {
      this.last = { up: false, message: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
      this.checkedAt = new Date();
      this.checksDone += 1;
    }
  }
}

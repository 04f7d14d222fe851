import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Durations by their labels (every label given). */
export interface Timings<L extends string> {
  observe(labels: Record<L, string>, seconds: number): void;
}

/** Seconds: from a query answered in a few milliseconds to a request that waits for its deadline. */
export const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's Prometheus metrics, in a registry of its own (never prom-client's global one):
 * Node's own (CPU, memory, event loop delay, GC), and those the service's parts define, each
 * labelled with the service's name. Gauges of state elsewhere (queue depths, consumer lag) are
 * read when scraped, so nothing is polled between scrapes.
 */
export class Metrics {
  readonly registry = new Registry();

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * A histogram observed on hot paths (every request, every command): each series is kept by a
   * key of its label values, since prom-client hashes the labels at every observation.
   */
  histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets = DURATION_BUCKETS): Timings<L> {
    const histogram = new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
    const series = new Map<string, ReturnType<typeof histogram.labels>>();
    return {
      observe(labels, seconds) {
        const key = labelNames.map((name) => labels[name]).join('\u0000');
        let observed = series.get(key);
        if (!observed) series.set(key, (observed = histogram.labels(labels)));
        observed.observe(seconds);
      },
    };
  }

  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** A gauge whose values `read` gives at each scrape (those it no longer gives are dropped). */
  gaugeOnScrape<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: () => Promise<Iterable<[Partial<Record<L, string>>, number]>> | Iterable<[Partial<Record<L, string>>, number]>,
  ): Gauge<L> {
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        const values = await read();
        this.reset();
        for (const [labels, value] of values) this.set(labels, value);
      },
    });
  }

  /** The exposition text, and its content type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}

import { Global, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ServiceConfigSchema } from '../../config/service-config';
import { PlatformModule } from '../platform.module';
import { StreamRuntime } from '../stream-runtime';
import { HealthModule } from './health.module';
import { HealthProbes } from './health-probes';
import { ServiceReadiness } from './service-readiness';

/** A runtime the test moves through its states. */
class TestRuntime extends StreamRuntime {
  ready = false;
  quarantined = 0;
  stale: string[] = [];
  async start(): Promise<void> {
    this.ready = true;
  }
  staleReadModels(): string[] {
    return this.stale;
  }
  details(): Record<string, number> {
    return { quarantined_events: this.quarantined };
  }
}

const runtime = new TestRuntime();
const redis = { up: true };

@Global()
@Module({
  providers: [
    { provide: StreamRuntime, useValue: runtime },
    { provide: ServiceReadiness, useValue: runtime },
  ],
  exports: [StreamRuntime, ServiceReadiness],
})
class TestRuntimeModule {}

@Injectable()
class TestProbes implements OnModuleInit {
  constructor(private readonly probes: HealthProbes) {}
  onModuleInit(): void {
    this.probes.add('redis', async () => {
      if (!redis.up) throw new Error('Connection is closed.');
    });
  }
}

@Module({
  imports: [
    PlatformModule.forRoot({ service: 'realtime', configSchema: ServiceConfigSchema, database: false }),
    TestRuntimeModule,
    HealthModule,
  ],
  providers: [TestProbes],
})
class TestRoot {}

describe('the health endpoint of a service without a commands topic or a store', () => {
  let app: NestFastifyApplication;
  let url: string;
  const health = async () => {
    const res = await fetch(url);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(TestRoot, new FastifyAdapter(), { logger: false });
    await app.listen(0, '127.0.0.1');
    url = `${await app.getUrl()}/health`;
  });
  afterAll(() => app.close());

  it('answers 503 "starting" until its runtime has started, then 200 "ok" with the domain services\' fields', async () => {
    expect(await health()).toMatchObject({ status: 503, body: { status: 'starting', service: 'realtime' } });
    await app.get(StreamRuntime).start();
    runtime.quarantined = 2;
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      service: 'realtime',
      pid: process.pid,
      uptime_s: expect.any(Number),
      quarantined_events: 2,
      info: {
        runtime: { status: 'up' },
        kafka: { status: 'up', checked_at: expect.any(String) },
        redis: { status: 'up', checked_at: expect.any(String) },
      },
      error: {},
    });
  });

  it('answers 503 "stale", naming the read models that do not follow their topics', async () => {
    runtime.stale = ['fan-out'];
    try {
      expect(await health()).toMatchObject({ status: 503, body: { status: 'stale', stale_read_models: ['fan-out'] } });
    } finally {
      runtime.stale = [];
    }
  });

  it('answers 503 "error" once a dependency the service added does not answer', async () => {
    redis.up = false;
    try {
      // Probes run in the background every 5 s: the answer changes with the next one.
      const deadline = Date.now() + 10_000;
      let answer = await health();
      while (answer.status === 200 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        answer = await health();
      }
      expect(answer).toMatchObject({
        status: 503,
        body: { status: 'error', error: { redis: { status: 'down', message: 'Connection is closed.' } } },
      });
    } finally {
      redis.up = true;
    }
  }, 20_000);
});

import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { OPERATIONS } from '@zulip-es/contracts';
import { LOGGER, Metrics, ObjectStore, SERVICE_CONFIG, type Logger } from '@zulip-es/platform';
import type { GatewayConfig } from '../config';
import { Dispatcher } from '../dispatch/dispatcher';
import { registerEventRoutes } from '../events/event-routes';
import { GatewayQueues } from '../events/queues.module';
import { GatewayRedis } from '../redis/redis.module';
import { registerEmojiData } from '../static/emoji-data';
import { registerCustomEmojiServing } from '../uploads/serve-custom-emoji';
import { registerRealmExportServing } from '../uploads/serve-realm-exports';
import { registerUploadServing } from '../uploads/serve-uploads';
import { TemporaryUrls } from '../uploads/temporary-url';
import { registerTusRoutes } from '../uploads/tus/tus-routes';
import { registerApiRoutes } from './api-routes';
import { observeRequests } from './request-observer';

/**
 * The gateway's routes on Nest's fastify instance: the operation table's, all served by the one
 * generic dispatcher (and the gateway's own event routes beside them under `/api/v1`), then the
 * file routes and the emoji data.
 */
@Injectable()
export class GatewayRoutes implements OnModuleInit, OnApplicationShutdown {
  /** The tus server's locks, once a first tus request has loaded it. */
  private tusLocker?: { stop(): Promise<void> };

  constructor(
    private readonly host: HttpAdapterHost,
    private readonly dispatcher: Dispatcher,
    private readonly gatewayQueues: GatewayQueues,
    private readonly gatewayRedis: GatewayRedis,
    private readonly objects: ObjectStore,
    private readonly urls: TemporaryUrls,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly metrics: Metrics,
  ) {}

  async onModuleInit(): Promise<void> {
    const fastify: FastifyInstance = this.host.httpAdapter.getInstance();
    const { dispatcher, config, logger, objects } = this;
    const { queues, waker } = this.gatewayQueues;
    observeRequests(fastify, { logger, metrics: this.metrics });
    await registerApiRoutes(fastify, OPERATIONS, dispatcher, config.BODY_LIMIT_BYTES, (api) =>
      registerEventRoutes(api, {
        caller: (req, reply) => dispatcher.caller(req, reply),
        poller: (req) => dispatcher.authenticated(req),
        queues,
        waker,
        heartbeatMs: config.EVENT_HEARTBEAT_MS,
      }),
    );
    registerEmojiData(fastify);
    registerCustomEmojiServing(fastify, { store: objects, logger });
    registerUploadServing(fastify, { dispatcher, store: objects, urls: this.urls, logger });
    registerRealmExportServing(fastify, { dispatcher, store: objects, logger });
    await registerTusRoutes(fastify, () => this.loadTus());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.tusLocker?.stop();
  }

  /** Loaded on the first tus request (see registerTusRoutes). */
  private async loadTus() {
    const [{ TusUploads }, { UploadStore }, { RedisLocker }] = await Promise.all([
      import('../uploads/tus/tus-uploads'),
      import('../uploads/tus/upload-store'),
      import('../uploads/tus/redis-locker'),
    ]);
    const { redis } = this.gatewayRedis;
    const locker = new RedisLocker(redis, redis.duplicate());
    await locker.start();
    this.tusLocker = locker;
    return new TusUploads({
      store: new UploadStore(this.config),
      dispatcher: this.dispatcher,
      locker,
      maxFileUploadSizeMib: this.config.MAX_FILE_UPLOAD_SIZE_MIB,
      logger: this.logger,
    });
  }
}

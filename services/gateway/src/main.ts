import { Redis } from 'ioredis';
import { eventsTopic, fetchApiKey, OPERATIONS, registerQueue } from '@zulip-es/contracts';
import { EventQueues, QueueWaker } from '@zulip-es/event-queues';
import {
  applyToReadModel,
  createKafka,
  createLogger,
  loadConfig,
  ObjectStore,
  onStopSignal,
  Quarantine,
  type ReadModel,
  RedisQuarantineStore,
  RequestClient,
  runMain,
  TopicFollower,
} from '@zulip-es/platform';
import { registerEventRoutes } from './events/event-routes';
import { longpollTimeoutSeconds } from './events/long-poll-timeout';
import { registerWithQueue } from './events/register-queue';
import { FileReceiver } from './uploads/file-receiver';
import { registerUploadServing } from './uploads/serve-uploads';
import { registerEmojiData } from './static/emoji-data';
import { registerCustomEmojiServing } from './uploads/serve-custom-emoji';
import { registerRealmExportServing } from './uploads/serve-realm-exports';
import { TemporaryUrls } from './uploads/temporary-url';
import { AuthReadModel, CREDENTIAL_EVENT_TYPES } from './auth/auth-read-model';
import { limitLoginsByUsername } from './auth/login-limit';
import { GatewayConfigSchema } from './config';
import { Dispatcher } from './dispatch/dispatcher';
import { startGatewayApp } from './http/gateway-app';
import { registerApiRoutes } from './http/api-routes';
import { RateLimiter } from './rate-limit/rate-limiter';
import { registerTusRoutes } from './uploads/tus/tus-routes';

runMain(async () => {
  const config = loadConfig(GatewayConfigSchema);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const kafka = createKafka(`gateway-${config.INSTANCE_ID}`, config.KAFKA_BROKERS, logger);
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
  const auth = new AuthReadModel();
  // An event the model cannot apply is quarantined (a Redis hash: the gateway has no database).
  const quarantine = new Quarantine(new RedisQuarantineStore(redis, 'gateway'), logger);
  const authModel: ReadModel = {
    name: 'auth',
    topics: [eventsTopic('users')],
    eventTypes: CREDENTIAL_EVENT_TYPES,
    apply: (event) => auth.apply(event),
  };
  const authFollower = new TopicFollower(
    kafka,
    { name: `gateway-auth-${config.INSTANCE_ID}`, topics: authModel.topics },
    (batch) => applyToReadModel(authModel, batch, logger, quarantine),
    logger,
  );
  const client = new RequestClient(kafka, config.INSTANCE_ID, logger);
  const objects = new ObjectStore(config);
  let ready = false;

  // No request is answered from an authentication model older than the users events at start.
  await Promise.all([authFollower.start(), client.start()]);
  const queues = new EventQueues(redis);
  // Subscribed to the channel that wakes long-polls: a connection of its own, as Redis requires.
  const waker = new QueueWaker(redis.duplicate());
  const dispatcher = new Dispatcher({
    client,
    auth,
    authFollower,
    limiter: new RateLimiter(redis, config.RATE_LIMIT_REQUESTS, config.RATE_LIMIT_WINDOW_SECONDS, logger),
    anonymousLimiter: new RateLimiter(redis, config.RATE_LIMIT_ANONYMOUS_REQUESTS, config.RATE_LIMIT_ANONYMOUS_WINDOW_SECONDS, logger),
    files: new FileReceiver(objects, config.MAX_FILE_UPLOAD_SIZE_MIB, config.BODY_LIMIT_BYTES, logger),
    timeoutMs: config.REQUEST_TIMEOUT_MS,
    logger,
    around: {
      [registerQueue.type]: registerWithQueue(queues, { longpollTimeoutSeconds: longpollTimeoutSeconds(config.EVENT_HEARTBEAT_MS) }),
      [fetchApiKey.type]: limitLoginsByUsername(
        new RateLimiter(redis, config.LOGIN_ATTEMPTS_PER_USERNAME, config.LOGIN_ATTEMPTS_WINDOW_SECONDS, logger),
      ),
    },
  });
  // Loaded on the first tus request (see registerTusRoutes).
  let tusLocker: { stop(): Promise<void> } | undefined;
  const loadTus = async () => {
    const [{ TusUploads }, { UploadStore }, { RedisLocker }] = await Promise.all([
      import('./uploads/tus/tus-uploads'),
      import('./uploads/tus/upload-store'),
      import('./uploads/tus/redis-locker'),
    ]);
    const locker = new RedisLocker(redis, redis.duplicate());
    await locker.start();
    tusLocker = locker;
    return new TusUploads({
      store: new UploadStore(config),
      dispatcher,
      locker,
      maxFileUploadSizeMib: config.MAX_FILE_UPLOAD_SIZE_MIB,
      logger,
    });
  };
  const app = await startGatewayApp({
    service: 'gateway',
    port: config.GATEWAY_PORT,
    host: config.BIND_HOST,
    bodyLimit: config.BODY_LIMIT_BYTES,
    logger,
    isReady: () => ready,
    // Stale, the API keys of new accounts and role changes are not known: said, never silent.
    staleReadModels: () => (authFollower.stale ? [authFollower.name] : []),
    details: () => ({ long_polls: waker.watching, quarantined_events: quarantine.count }),
    configure: async (fastify) => {
      await registerApiRoutes(fastify, OPERATIONS, dispatcher, (api) =>
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
      registerUploadServing(fastify, { dispatcher, store: objects, urls: new TemporaryUrls(config.UPLOAD_URL_SECRET), logger });
      registerRealmExportServing(fastify, { dispatcher, store: objects, logger });
      await registerTusRoutes(fastify, loadTus);
    },
  });
  ready = true;
  logger.info({ port: config.GATEWAY_PORT, instance: config.INSTANCE_ID }, 'gateway ready');

  const stop = async () => {
    ready = false;
    await app.close();
    waker.stop();
    await Promise.allSettled([client.stop(), authFollower.stop(), redis.quit(), tusLocker?.stop()]);
    process.exit(0);
  };
  onStopSignal(stop);
});

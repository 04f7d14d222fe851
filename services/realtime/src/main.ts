import { Redis } from 'ioredis';
import { EventQueues } from '@zulip-es/event-queues';
import {
  createKafka,
  createLogger,
  loadConfig,
  onStopSignal,
  Quarantine,
  RedisQuarantineStore,
  runMain,
  startHealthServer,
} from '@zulip-es/platform';
import { RealtimeConfigSchema } from './config';
import { Directory } from './directory/directory';
import { FanOut } from './fan-out/fan-out';

/**
 * The real-time service: fans every domain event out to the event queues (in Redis) of the
 * users who see it, as Zulip client events. The gateway serves the queues.
 */
runMain(async () => {
  const config = loadConfig(RealtimeConfigSchema);
  const logger = createLogger('realtime', config.LOG_LEVEL);
  let ready = false;
  const redis = new Redis(config.REDIS_URL);
  const quarantine = new Quarantine(new RedisQuarantineStore(redis, 'realtime'), logger);
  const kafka = createKafka(`realtime-${config.INSTANCE_ID}`, config.KAFKA_BROKERS, logger);
  const fanOut = new FanOut(kafka, new EventQueues(redis), new Directory(), logger, `realtime-fan-out-${config.INSTANCE_ID}`, quarantine);
  const health = await startHealthServer({
    service: 'realtime',
    port: config.REALTIME_PORT,
    host: config.BIND_HOST,
    logger,
    isReady: () => ready,
    staleReadModels: () => fanOut.staleReadModels(),
    details: () => ({ quarantined_events: quarantine.count }),
  });
  await fanOut.start();
  ready = true;
  logger.info('ready');
  const stop = async () => {
    ready = false;
    await fanOut.stop();
    redis.disconnect();
    await health.close();
    process.exit(0);
  };
  onStopSignal(stop);
});

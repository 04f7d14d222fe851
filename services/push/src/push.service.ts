import { Redis } from 'ioredis';
import { EventQueues } from '@zulip-es/event-queues';
import { startEventRelays, type BackgroundWork, type DomainServiceOptions } from '@zulip-es/platform';
import { startBouncer } from './bouncer/start-bouncer';
import { PushConfigSchema, type PushConfig } from './config';
import { ChannelsDirectory } from './directory/channels-directory';
import { UsersDirectory } from './directory/users-directory';
import { NotificationQueue, startNotificationWorker } from './notifications/notification-jobs';
import { messageSentRelay } from './notifications/notify-message/message-sent.relay';
import { userDeactivatedRelay } from './devices/remove-user-devices/user-deactivated.relay';
import { PushProjection } from './projection/push.projection';
import { PushRepository } from './projection/push.repository';
import { pushHandlers } from './push.handlers';
import { BouncerClient } from './registration/bouncer-client';
import { attemptsWithin, RegistrationQueue, startRegistrationWorker } from './registration/registration-jobs';
import type { PushDeps } from './shared/push-deps';

/** Redis for the push queues and their workers (BullMQ needs no retry limit per request). */
let redis: Redis | undefined;
const redisOf = (config: PushConfig): Redis => (redis ??= new Redis(config.REDIS_URL, { maxRetriesPerRequest: null }));

/** What this process assembled, for its background work (assembled once). */
let assembled: PushDeps | undefined;

/** Owns mobile devices (legacy tokens and end-to-end encrypted registrations) and push notifications. */
export const pushService: DomainServiceOptions<typeof PushConfigSchema> = {
  service: 'push',
  configSchema: PushConfigSchema,
  port: (config) => config.PUSH_PORT,
  assemble: (db, config) => {
    const repo = new PushRepository(db);
    const directory = new UsersDirectory();
    const channels = new ChannelsDirectory();
    const bouncer = config.PUSH_BOUNCER_URL ? new BouncerClient({ ...config, PUSH_BOUNCER_URL: config.PUSH_BOUNCER_URL }) : undefined;
    const registrations = bouncer
      ? new RegistrationQueue(() => redisOf(config), attemptsWithin(config.PUSH_REGISTRATION_RETRY_MS))
      : undefined;
    const notifications = bouncer ? new NotificationQueue(() => redisOf(config)) : undefined;
    assembled = {
      repo,
      bouncer,
      removals: registrations,
      directory,
      channels,
      queues: bouncer ? new EventQueues(redisOf(config)) : undefined,
    };
    return {
      projection: new PushProjection(repo, registrations, notifications),
      // A rebuild forwards nothing again.
      projectionOn: (other) => new PushProjection(new PushRepository(other)),
      handlers: pushHandlers(assembled),
      readModels: [directory, channels],
    };
  },
  background: async (parts, config, logger) => {
    const work: BackgroundWork[] = [];
    const bouncer = await startBouncer(config, logger);
    if (bouncer) work.push(bouncer);
    const deps = assembled;
    const relays = [userDeactivatedRelay];
    if (config.PUSH_BOUNCER_URL && deps?.bouncer && deps.removals) {
      const bouncerConfig = { ...config, PUSH_BOUNCER_URL: config.PUSH_BOUNCER_URL };
      work.push(
        await startRegistrationWorker(
          parts.kafka,
          { connection: redisOf(config), bouncer: bouncerConfig, instanceId: config.INSTANCE_ID, logLevel: config.LOG_LEVEL },
          logger,
        ),
      );
      work.push(
        startNotificationWorker({ ...deps, bouncer: deps.bouncer, removals: deps.removals }, { connection: redisOf(config) }, logger),
      );
      // Messages are notified of only where there is a bouncer to push them through.
      relays.push(messageSentRelay);
    }
    work.push(
      await startEventRelays(parts.kafka, { service: 'push', instanceId: config.INSTANCE_ID, logLevel: config.LOG_LEVEL }, relays, logger),
    );
    return {
      async stop() {
        for (const w of work.reverse()) await w.stop();
        redis?.disconnect();
      },
    };
  },
};

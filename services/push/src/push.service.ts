import { Redis } from 'ioredis';
import type { BackgroundWork, DomainServiceOptions } from '@zulip-es/platform';
import { startBouncer } from './bouncer/start-bouncer';
import { PushConfigSchema, type PushConfig } from './config';
import { OrganizationDirectory } from './organization/organization.read-model';
import { PushProjection } from './projection/push.projection';
import { PushRepository } from './projection/push.repository';
import { pushHandlers } from './push.handlers';
import { BouncerClient } from './registration/bouncer-client';
import { attemptsWithin, RegistrationQueue, startRegistrationWorker } from './registration/registration-jobs';

/** Redis for the registration queue and its worker (BullMQ needs no retry limit per request). */
let redis: Redis | undefined;
const redisOf = (config: PushConfig): Redis => (redis ??= new Redis(config.REDIS_URL, { maxRetriesPerRequest: null }));

/** Owns mobile devices (legacy tokens and end-to-end encrypted registrations) and push notifications. */
export const pushService: DomainServiceOptions<typeof PushConfigSchema> = {
  service: 'push',
  configSchema: PushConfigSchema,
  port: (config) => config.PUSH_PORT,
  assemble: (db, config) => {
    const repo = new PushRepository(db);
    const organization = new OrganizationDirectory();
    const bouncer = config.PUSH_BOUNCER_URL ? new BouncerClient({ ...config, PUSH_BOUNCER_URL: config.PUSH_BOUNCER_URL }) : undefined;
    const registrations = bouncer ? new RegistrationQueue(() => redisOf(config), attemptsWithin(config.PUSH_REGISTRATION_RETRY_MS)) : undefined;
    return {
      projection: new PushProjection(repo, registrations),
      // A rebuild forwards nothing again.
      projectionOn: (other) => new PushProjection(new PushRepository(other)),
      handlers: pushHandlers({ repo, bouncer, removals: registrations, organization }),
      readModels: [organization],
    };
  },
  background: async (parts, config, logger) => {
    const work: BackgroundWork[] = [];
    const bouncer = await startBouncer(config, logger);
    if (bouncer) work.push(bouncer);
    if (config.PUSH_BOUNCER_URL) {
      const bouncerConfig = { ...config, PUSH_BOUNCER_URL: config.PUSH_BOUNCER_URL };
      work.push(await startRegistrationWorker(parts, { connection: redisOf(config), bouncer: bouncerConfig, instanceId: config.INSTANCE_ID, logLevel: config.LOG_LEVEL }, logger));
    }
    return {
      async stop() {
        for (const w of work.reverse()) await w.stop();
        redis?.disconnect();
      },
    };
  },
};

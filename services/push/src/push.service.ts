import type { DomainServiceOptions } from '@zulip-es/platform';
import { PushConfigSchema } from './config';
import { PushProjection } from './projection/push.projection';
import { PushRepository } from './projection/push.repository';
import { pushHandlers } from './push.handlers';

/** Owns mobile devices (legacy tokens and end-to-end encrypted registrations) and push notifications. */
export const pushService: DomainServiceOptions<typeof PushConfigSchema> = {
  service: 'push',
  configSchema: PushConfigSchema,
  port: (config) => config.PUSH_PORT,
  assemble: (db, config) => {
    const repo = new PushRepository(db);
    return {
      projection: new PushProjection(repo),
      projectionOn: (other) => new PushProjection(new PushRepository(other)),
      handlers: pushHandlers({ repo, bouncerConfigured: config.PUSH_BOUNCER_URL !== undefined }),
    };
  },
};

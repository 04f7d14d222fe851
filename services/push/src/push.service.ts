import { NO_PROJECTION, type DomainServiceOptions } from '@zulip-es/platform';
import { PushConfigSchema } from './config';

/** Owns mobile devices and push notifications; its operations arrive with their own issues. */
export const pushService: DomainServiceOptions<typeof PushConfigSchema> = {
  service: 'push',
  configSchema: PushConfigSchema,
  port: (config) => config.PUSH_PORT,
  assemble: () => ({ projection: NO_PROJECTION, handlers: {} }),
};

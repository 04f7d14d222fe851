import { NO_PROJECTION, runDomainService } from '@zulip-es/platform';
import { PushConfigSchema } from './config';

/** Owns mobile devices and push notifications; its operations arrive with their own issues. */
runDomainService({
  service: 'push',
  configSchema: PushConfigSchema,
  port: (config) => config.PUSH_PORT,
  assemble: () => ({ projection: NO_PROJECTION, handlers: {} }),
});

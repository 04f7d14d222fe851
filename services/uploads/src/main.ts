import { NO_PROJECTION, runDomainService } from '@zulip-es/platform';
import { UploadsConfigSchema } from './config';

/** Owns uploaded files and attachments; its operations arrive with their own issues. */
runDomainService({
  service: 'uploads',
  configSchema: UploadsConfigSchema,
  port: (config) => config.UPLOADS_PORT,
  assemble: () => ({ projection: NO_PROJECTION, handlers: {} }),
});

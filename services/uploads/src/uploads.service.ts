import { NO_PROJECTION, type DomainServiceOptions } from '@zulip-es/platform';
import { UploadsConfigSchema } from './config';

/** Owns uploaded files and attachments; its operations arrive with their own issues. */
export const uploadsService: DomainServiceOptions<typeof UploadsConfigSchema> = {
  service: 'uploads',
  configSchema: UploadsConfigSchema,
  port: (config) => config.UPLOADS_PORT,
  assemble: () => ({ projection: NO_PROJECTION, handlers: {} }),
};

import { NO_PROJECTION, runDomainService } from '@zulip-es/platform';
import { MessagesConfigSchema } from './config';

/** Owns channels, messages, topics and drafts; its operations arrive with their own issues. */
runDomainService({
  service: 'messages',
  configSchema: MessagesConfigSchema,
  port: (config) => config.MESSAGES_PORT,
  assemble: () => ({ projection: NO_PROJECTION, handlers: {} }),
});

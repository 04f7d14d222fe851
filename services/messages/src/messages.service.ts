import { NO_PROJECTION, type DomainServiceOptions } from '@zulip-es/platform';
import { MessagesConfigSchema } from './config';

/** Owns channels, messages, topics and drafts; its operations arrive with their own issues. */
export const messagesService: DomainServiceOptions<typeof MessagesConfigSchema> = {
  service: 'messages',
  configSchema: MessagesConfigSchema,
  port: (config) => config.MESSAGES_PORT,
  assemble: () => ({ projection: NO_PROJECTION, handlers: {} }),
};

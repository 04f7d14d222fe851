import type { DomainServiceOptions } from '@zulip-es/platform';
import { startAcceptedInvitations } from './channels/invitations/accepted-invitations';
import { MessagesConfigSchema } from './config';
import { startDraftsSyncRelay } from './drafts/clear-drafts/drafts-sync.start';
import { messagesHandlers } from './messages.handlers';
import { MessagesProjection } from './projection/messages.projection';
import { MessagesRepository } from './projection/messages.repository';
import { UsersReadModel } from './users-read-model/users-read-model';

/** Owns channels and subscriptions (messages, topics and drafts follow). */
export const messagesService: DomainServiceOptions<typeof MessagesConfigSchema> = {
  service: 'messages',
  configSchema: MessagesConfigSchema,
  port: (config) => config.MESSAGES_PORT,
  assemble: (db) => {
    const repo = new MessagesRepository(db);
    const users = new UsersReadModel();
    return { projection: new MessagesProjection(repo), handlers: messagesHandlers({ repo, users }), readModels: [users] };
  },
  background: async (parts, config, logger) => {
    const work = [await startAcceptedInvitations(parts, config, logger), await startDraftsSyncRelay(parts, config, logger)];
    return { stop: async () => void (await Promise.all(work.map((w) => w.stop()))) };
  },
};

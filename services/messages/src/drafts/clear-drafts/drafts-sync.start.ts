import { createLogger, RequestClient, type BackgroundWork, type Logger, type ServiceParts } from '@zulip-es/platform';
import type { MessagesConfig } from '../../config';
import { DraftsSyncRelay } from './drafts-sync.relay';

/** The relay from drafts synchronization turned off on `users.events` to this service's own commands. */
export async function startDraftsSyncRelay(parts: ServiceParts, config: MessagesConfig, logger: Logger): Promise<BackgroundWork> {
  // A reply topic of its own (like the invitation relay's), polled twice a second: the setting
  // changes rarely.
  const client = new RequestClient(parts.kafka, `messages-drafts-${config.INSTANCE_ID}`, createLogger('messages-drafts-relay', config.LOG_LEVEL), { replyWaitMs: 500 });
  await client.start();
  const relay = new DraftsSyncRelay(parts.kafka, client, logger);
  await relay.start();
  return {
    async stop() {
      await relay.stop();
      await client.stop();
    },
  };
}

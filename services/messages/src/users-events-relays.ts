import { createLogger, EventCommandRelay, RequestClient, type BackgroundWork, type Logger, type ServiceParts } from '@zulip-es/platform';
import { acceptedInvitationRelay } from './channels/invitations/accepted-invitation.relay';
import type { MessagesConfig } from './config';
import { draftsSyncRelay } from './drafts/clear-drafts/drafts-sync.relay';

/** The users events this service acts on with commands of its own (accepted invitations, drafts synchronization turned off). */
export async function startUsersEventsRelays(parts: ServiceParts, config: MessagesConfig, logger: Logger): Promise<BackgroundWork> {
  // A reply topic of its own, like a gateway instance: replies to this instance's relays only.
  // These events are rare and their effects may follow a little later: the idle reply consumer
  // polls the broker twice a second instead of every 10 ms.
  const client = new RequestClient(parts.kafka, `messages-${config.INSTANCE_ID}`, createLogger('messages-relay', config.LOG_LEVEL), { replyWaitMs: 500 });
  await client.start();
  const relays = [acceptedInvitationRelay, draftsSyncRelay].map((options) => new EventCommandRelay(parts.kafka, client, options, logger));
  for (const relay of relays) await relay.start();
  return {
    async stop() {
      for (const relay of relays) await relay.stop();
      await client.stop();
    },
  };
}

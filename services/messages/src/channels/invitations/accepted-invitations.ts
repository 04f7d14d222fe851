import { createLogger, RequestClient, type BackgroundWork, type Logger, type ServiceParts } from '@zulip-es/platform';
import type { MessagesConfig } from '../../config';
import { AcceptedInvitationRelay } from './accepted-invitation.relay';

/** The relay from accepted invitations on `users.events` to this service's own commands. */
export async function startAcceptedInvitations(parts: ServiceParts, config: MessagesConfig, logger: Logger): Promise<BackgroundWork> {
  // Its own reply topic, like a gateway instance: replies to this instance's relay only. Invitations
  // are rare and a subscription may follow an acceptance a little later: the idle consumer polls
  // the broker twice a second instead of every 10 ms.
  const client = new RequestClient(parts.kafka, `messages-${config.INSTANCE_ID}`, createLogger('messages-relay', config.LOG_LEVEL), { replyWaitMs: 500 });
  await client.start();
  const relay = new AcceptedInvitationRelay(parts.kafka, client, logger);
  await relay.start();
  return {
    async stop() {
      await relay.stop();
      await client.stop();
    },
  };
}

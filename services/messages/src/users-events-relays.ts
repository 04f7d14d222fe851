import { startEventRelays, type BackgroundWork, type Logger, type ServiceParts } from '@zulip-es/platform';
import { acceptedInvitationRelay } from './channels/invitations/accepted-invitation.relay';
import type { MessagesConfig } from './config';
import { draftsSyncRelay } from './drafts/clear-drafts/drafts-sync.relay';

/** The users events this service acts on with commands of its own (accepted invitations, drafts synchronization turned off). */
export function startUsersEventsRelays(parts: ServiceParts, config: MessagesConfig, logger: Logger): Promise<BackgroundWork> {
  return startEventRelays(
    parts.kafka,
    { service: 'messages', instanceId: config.INSTANCE_ID, logLevel: config.LOG_LEVEL },
    [acceptedInvitationRelay, draftsSyncRelay],
    logger,
  );
}

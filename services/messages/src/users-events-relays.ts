import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LOGGER, SERVICE_CONFIG, ServiceRuntime, startEventRelays, type Logger } from '@zulip-es/platform';
import { acceptedInvitationRelay } from './channels/invitations/accepted-invitation.relay';
import type { MessagesConfig } from './config';
import { draftsSyncRelay } from './drafts/clear-drafts/drafts-sync.relay';

/**
 * The users events this service acts on with commands of its own (accepted invitations, drafts
 * synchronization turned off), relayed once the service serves.
 */
@Injectable()
export class UsersEventsRelays implements OnModuleInit {
  constructor(
    private readonly runtime: ServiceRuntime,
    @Inject(SERVICE_CONFIG) private readonly config: MessagesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    const { config, logger } = this;
    this.runtime.onceServing(({ kafka, lag }) =>
      startEventRelays(
        kafka,
        { service: 'messages', instanceId: config.INSTANCE_ID, logLevel: config.LOG_LEVEL },
        [acceptedInvitationRelay, draftsSyncRelay],
        logger,
        lag,
      ),
    );
  }
}

import { createLogger, EventCommandRelay, RequestClient, type BackgroundWork, type Logger, type ServiceParts } from '@zulip-es/platform';
import type { UploadsConfig } from '../../config';
import type { ClaimingMessages } from '../../projection/claiming-messages';
import { UploadsRepository } from '../../projection/uploads.repository';
import { messageClaimsRelay } from './message-claims.relay';

/** Follows the messages events that claim or release uploads, with a reply topic of this instance's own. */
export async function startMessageClaimsRelay(
  parts: ServiceParts,
  config: UploadsConfig,
  claiming: ClaimingMessages,
  logger: Logger,
): Promise<BackgroundWork> {
  const client = new RequestClient(parts.kafka, `uploads-${config.INSTANCE_ID}`, createLogger('uploads-relay', config.LOG_LEVEL), {
    replyWaitMs: 500,
  });
  await client.start();
  const relay = new EventCommandRelay(parts.kafka, client, messageClaimsRelay(new UploadsRepository(parts.db), claiming), logger);
  await relay.start();
  return {
    async stop() {
      await relay.stop();
      await client.stop();
    },
  };
}

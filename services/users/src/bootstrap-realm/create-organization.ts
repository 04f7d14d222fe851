import { randomBytes } from 'node:crypto';
import { BOOTSTRAP_REALM, BootstrapRealmReply, commandsTopic, type BootstrapRealm } from '@zulip-es/contracts';
import { createKafka, createLogger, DomainError, RequestClient, RequestTimeoutError, type KafkaConnection } from '@zulip-es/platform';

/**
 * Creates the organization and its owner through the users service, or returns the existing
 * owner: the operator's first step (`npm start` and the compose `bootstrap` job send it). Talks
 * Kafka directly: it is not a REST operation. Sent again while the service does not answer yet
 * (it may still be catching up), until `timeoutMs`.
 */
export async function createOrganization(
  organization: BootstrapRealm,
  kafka: string | KafkaConnection,
  timeoutMs = 30_000,
): Promise<BootstrapRealmReply> {
  const logger = createLogger('create-organization', 'warn');
  const client = new RequestClient(createKafka('create-organization', kafka, logger), 'create-organization', logger);
  await client.start();
  const deadline = Date.now() + timeoutMs;
  // One id for every try: a try decided late is answered to the next by its recorded outcome
  // (whether the organization was created now included).
  const commandId = `bootstrap-${randomBytes(8).toString('hex')}`;
  try {
    for (;;) {
      try {
        const reply = await client.request(commandsTopic('users'), {
          commandId,
          type: BOOTSTRAP_REALM,
          kind: 'command',
          key: 'realm',
          correlationId: commandId,
          actorId: null,
          deadline: Math.min(deadline, Date.now() + 10_000),
          replyTo: client.replyTo,
          after: [],
          data: organization,
        });
        if (!reply.ok) throw DomainError.fromPayload(reply.error);
        return BootstrapRealmReply.parse(reply.body);
      } catch (error) {
        if (!(error instanceof RequestTimeoutError) || Date.now() >= deadline) throw error;
      }
    }
  } finally {
    await client.stop();
  }
}

/** What Zulip's clients and the `zulip` package read the account from. */
export const zuliprc = (email: string, apiKey: string, site: string): string => `[api]\nemail=${email}\nkey=${apiKey}\nsite=${site}\n`;

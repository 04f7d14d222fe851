import { randomBytes } from 'node:crypto';
import { BOOTSTRAP_REALM, BootstrapRealmReply, commandsTopic, type BootstrapRealm } from '../../libs/contracts/src';
import { createKafka, createLogger, DomainError, RequestClient } from '../../libs/platform/src';
import { StackEndpointsSchema } from '../../libs/platform/src/config/stack-endpoints';

export interface BootstrapOptions {
  realmName: string;
  ownerEmail: string;
  ownerFullName: string;
  /** Used only when the organization is created now. */
  ownerPassword: string;
}

/**
 * Creates the organization and its owner through the users service, or returns the existing
 * owner. Talks Kafka directly: this is an operator's action, not a REST operation.
 */
export async function bootstrapRealm(options: BootstrapOptions, timeoutMs = 30_000): Promise<BootstrapRealmReply> {
  const { KAFKA_BROKERS } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('bootstrap', 'warn');
  const client = new RequestClient(createKafka('bootstrap', KAFKA_BROKERS, logger), 'bootstrap', logger);
  await client.start();
  try {
    const commandId = `bootstrap-${randomBytes(8).toString('hex')}`;
    const data: BootstrapRealm = options;
    const reply = await client.request(commandsTopic('users'), {
      commandId,
      type: BOOTSTRAP_REALM,
      kind: 'command',
      key: 'realm',
      correlationId: commandId,
      actorId: null,
      deadline: Date.now() + timeoutMs,
      replyTo: client.replyTo,
      after: [],
      data,
    });
    if (!reply.ok) throw DomainError.fromPayload(reply.error);
    return BootstrapRealmReply.parse(reply.body);
  } finally {
    await client.stop();
  }
}

export const zuliprc = (email: string, apiKey: string, site: string): string => `[api]\nemail=${email}\nkey=${apiKey}\nsite=${site}\n`;

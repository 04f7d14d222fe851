import type { Consumer, Kafka } from 'kafkajs';
import { APPLY_ACCEPTED_INVITATION, commandsTopic, EventEnvelope, eventsTopic, InvitationAcceptedV1, type ApplyAcceptedInvitation } from '@zulip-es/contracts';
import { RequestTimeoutError, type Logger, type RequestClient } from '@zulip-es/platform';

const GROUP_ID = 'messages-accepted-invitations';
const REPLY_WAIT_MS = 30_000;

/**
 * Acts on `invitation.accepted.v1`: reads `users.events` with its own committed offsets (so each
 * acceptance is handled once across restarts and instances) and sends this service the command
 * that subscribes the new user. The command id is derived from the invitation, so an event read
 * again (a crash before the offset was committed) gets the recorded outcome and changes nothing.
 * The command carries the event's position: it is decided once this service's copy of the users
 * domain has read that far (the new user included).
 */
export class AcceptedInvitationRelay {
  private consumer?: Consumer;
  private stopping = false;

  constructor(
    private readonly kafka: Kafka,
    private readonly client: RequestClient,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    const consumer = this.kafka.consumer({ groupId: GROUP_ID, maxWaitTimeInMs: 500, sessionTimeout: 10_000, heartbeatInterval: 1_000 });
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topic: eventsTopic('users'), fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        if (!message.value || message.headers?.type?.toString() !== 'invitation.accepted.v1') return;
        const envelope = EventEnvelope.parse(JSON.parse(message.value.toString()));
        const event = InvitationAcceptedV1.parse({ type: envelope.type, data: envelope.data });
        await this.apply(event.data, envelope.correlationId, { topic, partition, offset: message.offset });
      },
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.consumer?.disconnect();
  }

  /** Retries until the service answers: an acceptance must not be skipped because the service was busy. */
  private async apply(accepted: InvitationAcceptedV1['data'], correlationId: string, position: { topic: string; partition: number; offset: string }): Promise<void> {
    const data: ApplyAcceptedInvitation = {
      inviteId: accepted.inviteId,
      userId: accepted.userId,
      streamIds: accepted.streamIds,
      includeRealmDefaultSubscriptions: accepted.includeRealmDefaultSubscriptions,
      referrerId: accepted.referrerId,
      notifyReferrerOnJoin: accepted.notifyReferrerOnJoin,
    };
    const commandId = `invitation.accepted:${accepted.inviteId}`;
    for (let attempt = 1; !this.stopping; attempt++) {
      try {
        const reply = await this.client.request(commandsTopic('messages'), {
          commandId,
          type: APPLY_ACCEPTED_INVITATION,
          kind: 'command',
          key: 'realm',
          correlationId,
          actorId: null,
          deadline: Date.now() + REPLY_WAIT_MS,
          replyTo: this.client.replyTo,
          after: [position],
          data,
        });
        if (reply.ok) this.logger.info({ inviteId: accepted.inviteId, userId: accepted.userId, ...reply.body }, 'accepted invitation: subscriptions applied');
        else this.logger.warn({ inviteId: accepted.inviteId, error: reply.error }, 'accepted invitation: refused');
        return;
      } catch (error) {
        if (!(error instanceof RequestTimeoutError)) throw error;
        this.logger.warn({ inviteId: accepted.inviteId, attempt }, 'accepted invitation: no answer yet, retrying');
      }
    }
  }
}

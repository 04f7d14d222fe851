import type { Consumer, Kafka } from 'kafkajs';
import { CLEAR_DRAFTS, commandsTopic, EventEnvelope, eventsTopic, UserSettingsChangedV1, type ClearDrafts } from '@zulip-es/contracts';
import { RequestTimeoutError, type Logger, type RequestClient } from '@zulip-es/platform';

const GROUP_ID = 'messages-drafts-sync';
const REPLY_WAIT_MS = 30_000;

/**
 * Acts on `user.settings_changed.v1` turning `enable_drafts_synchronization` off: reads
 * `users.events` with its own committed offsets and sends this service the command that deletes
 * the user's drafts, keyed like the user's own draft commands (`user:<id>`) so that it is decided
 * in turn with them. The command id is derived from the event (user and sequence), so an event
 * read again gets the recorded outcome and changes nothing.
 */
export class DraftsSyncRelay {
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
        if (!message.value || message.headers?.type?.toString() !== 'user.settings_changed.v1') return;
        const envelope = EventEnvelope.parse(JSON.parse(message.value.toString()));
        const event = UserSettingsChangedV1.parse({ type: envelope.type, data: envelope.data });
        if (event.data.property !== 'enable_drafts_synchronization' || event.data.value !== false) return;
        await this.apply({ userId: event.data.userId, userSequence: envelope.sequence }, envelope.correlationId, { topic, partition, offset: message.offset });
      },
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.consumer?.disconnect();
  }

  /** Retries until the service answers: drafts must not outlive the user's choice because the service was busy. */
  private async apply(data: ClearDrafts, correlationId: string, position: { topic: string; partition: number; offset: string }): Promise<void> {
    const commandId = `drafts.sync_disabled:${data.userId}:${data.userSequence}`;
    for (let attempt = 1; !this.stopping; attempt++) {
      try {
        const reply = await this.client.request(commandsTopic('messages'), {
          commandId,
          type: CLEAR_DRAFTS,
          kind: 'command',
          key: `user:${data.userId}`,
          correlationId,
          actorId: null,
          deadline: Date.now() + REPLY_WAIT_MS,
          replyTo: this.client.replyTo,
          after: [position],
          data,
        });
        if (reply.ok) this.logger.info({ ...data, ...reply.body }, 'drafts synchronization turned off: drafts deleted');
        else this.logger.warn({ ...data, error: reply.error }, 'drafts synchronization turned off: refused');
        return;
      } catch (error) {
        if (!(error instanceof RequestTimeoutError)) throw error;
        this.logger.warn({ ...data, attempt }, 'drafts synchronization turned off: no answer yet, retrying');
      }
    }
  }
}

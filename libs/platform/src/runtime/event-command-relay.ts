import type { Consumer, Kafka } from 'kafkajs';
import { commandsTopic, EventEnvelope, eventsTopic, type ServiceName } from '@zulip-es/contracts';
import { RequestClient, RequestTimeoutError } from '../kafka/request-client';
import type { ConsumerLag, LagSource } from '../metrics/consumer-lag';
import { withLogContext } from '../logging/log-context';
import { createLogger, type Logger } from '../logging/logger';

const REPLY_WAIT_MS = 30_000;

/** The command a relayed event asks for; its id must be derived from the event. */
export interface RelayedCommand {
  commandId: string;
  type: string;
  key: string;
  data: Record<string, unknown>;
}

export interface EventRelayOptions {
  /** Consumer group: the relay's committed offsets. */
  groupId: string;
  /** Whose events are read, and whose commands are sent. */
  from: ServiceName;
  to: ServiceName;
  /** Event types read (by the `type` header); the others are skipped unparsed. */
  eventTypes: readonly string[];
  /** The command for an event, or null when this event asks for nothing (it may look at state first). */
  toCommand: (event: EventEnvelope) => RelayedCommand | null | Promise<RelayedCommand | null>;
}

/**
 * Notify after write across services: reads another service's events topic with its own
 * committed offsets (so each event is acted on once across restarts and instances) and sends a
 * command for the events that ask for one. The command id comes from the event, so an event read
 * again (a crash before the offset was committed) gets the recorded outcome and changes nothing.
 * The command carries the event's position: it is decided once the receiving service's read
 * models have read that far. It is sent again until answered: an event is never skipped because
 * the service was busy.
 */
export class EventCommandRelay {
  private consumer?: Consumer;
  private stopping = false;

  constructor(
    private readonly kafka: Kafka,
    private readonly client: RequestClient,
    private readonly options: EventRelayOptions,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    const consumer = this.kafka.consumer({
      groupId: this.options.groupId,
      maxWaitTimeInMs: 500,
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
    });
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topic: eventsTopic(this.options.from), fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        const type = message.headers?.type?.toString();
        if (!message.value || !type || !this.options.eventTypes.includes(type)) return;
        const event = EventEnvelope.parse(JSON.parse(message.value.toString()));
        await withLogContext({ correlationId: event.correlationId }, async () => {
          const command = await this.options.toCommand(event);
          if (command) await this.send(command, event.correlationId, { topic, partition, offset: message.offset });
        });
      },
    });
  }

  /** For the lag metric: the relay's group commits what it handled. */
  lagSource(): LagSource {
    return { group: this.options.groupId, topics: [eventsTopic(this.options.from)], committed: true };
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.consumer?.disconnect();
  }

  private async send(
    command: RelayedCommand,
    correlationId: string,
    position: { topic: string; partition: number; offset: string },
  ): Promise<void> {
    const context = { relay: this.options.groupId, commandId: command.commandId };
    for (let attempt = 1; !this.stopping; attempt++) {
      try {
        const reply = await this.client.request(commandsTopic(this.options.to), {
          ...command,
          kind: 'command',
          correlationId,
          actorId: null,
          deadline: Date.now() + REPLY_WAIT_MS,
          replyTo: this.client.replyTo,
          after: [position],
        });
        if (reply.ok) this.logger.info({ ...context, ...reply.body }, 'relayed event: command applied');
        else this.logger.warn({ ...context, error: reply.error }, 'relayed event: command refused');
        return;
      } catch (error) {
        if (!(error instanceof RequestTimeoutError)) throw error;
        this.logger.warn({ ...context, attempt }, 'relayed event: no answer yet, retrying');
      }
    }
  }
}

/**
 * Starts a service instance's `relays` with a reply topic of their own (client id
 * `<service>-<instanceId>`), like a gateway instance: replies to this instance's relays only.
 * Relayed events may take effect a little later, so the idle reply consumer polls the broker
 * twice a second instead of every 10 ms.
 */
export async function startEventRelays(
  kafka: Kafka,
  instance: { service: ServiceName; instanceId: string; logLevel: string },
  relays: EventRelayOptions[],
  logger: Logger,
  lag?: ConsumerLag,
): Promise<{ stop(): Promise<void> }> {
  const client = new RequestClient(
    kafka,
    `${instance.service}-${instance.instanceId}`,
    createLogger(`${instance.service}-relays`, instance.logLevel),
    { replyWaitMs: 500 },
  );
  await client.start();
  const running = relays.map((options) => new EventCommandRelay(kafka, client, options, logger));
  for (const relay of running) {
    await relay.start();
    lag?.add(relay.lagSource());
  }
  return {
    async stop() {
      for (const relay of running) {
        lag?.remove(relay.lagSource().group);
        await relay.stop();
      }
      await client.stop();
    },
  };
}

/**
 * The machine-readable form of the published events, made from the zod contracts: a JSON Schema
 * (2020-12) of every event record as it is on its topic (the envelope with the event's `type`
 * and `data`), and an AsyncAPI 3.0 document of the four events topics and their messages.
 * Pure: `write-event-schemas.ts` writes them to docs/, and a test fails when they drift.
 */
import { z } from 'zod';
import {
  EventEnvelope,
  eventsTopic,
  MessagesEvent,
  PushEvent,
  SERVICE_PARTITIONS,
  SERVICES,
  UploadsEvent,
  UsersEvent,
  type ServiceName,
} from '../../libs/contracts/src';

type EventSchema = z.ZodObject<{ type: z.ZodLiteral<string>; data: z.ZodType }>;

const EVENTS_OF: Record<ServiceName, readonly EventSchema[]> = {
  users: UsersEvent.options as readonly EventSchema[],
  messages: MessagesEvent.options as readonly EventSchema[],
  uploads: UploadsEvent.options as readonly EventSchema[],
  push: PushEvent.options as readonly EventSchema[],
};

export interface PublishedEvent {
  service: ServiceName;
  topic: string;
  type: string;
  /** The JSON Schema of a record of this event (envelope included). */
  schema: Record<string, unknown>;
}

/** What is on the wire: the schema of a value as it is read, not as zod transforms it. */
const jsonSchema = (schema: z.ZodType): Record<string, unknown> => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as Record<string, unknown>;
  return rest;
};

/** Every published event, by topic, in the contracts' order. */
export function publishedEvents(): PublishedEvent[] {
  return SERVICES.flatMap((service) =>
    EVENTS_OF[service].map((event) => {
      const type = event.shape.type.value;
      const record = EventEnvelope.extend({ type: z.literal(type), data: event.shape.data });
      return {
        service,
        topic: eventsTopic(service),
        type,
        schema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          $id: `https://zulip-es.invalid/schemas/events/${type}.json`,
          title: type,
          ...jsonSchema(record),
        },
      };
    }),
  );
}

const messageName = (type: string) => type.replace(/\./g, '_');

/** The AsyncAPI 3.0 document: a channel per events topic, a message per event (payload: its record's schema). */
export function asyncApiDocument(version: string): Record<string, unknown> {
  const events = publishedEvents();
  const channels = Object.fromEntries(
    SERVICES.map((service) => [
      eventsTopic(service).replace('.', '_'),
      {
        address: eventsTopic(service),
        title: eventsTopic(service),
        description: `The ${service} service's domain events, kept forever; ${SERVICE_PARTITIONS} partitions, keyed by aggregate. See docs/events.md.`,
        messages: Object.fromEntries(
          events
            .filter((e) => e.service === service)
            .map((e) => [messageName(e.type), { $ref: `#/components/messages/${messageName(e.type)}` }]),
        ),
      },
    ]),
  );
  const operations = Object.fromEntries(
    SERVICES.map((service) => {
      const channel = eventsTopic(service).replace('.', '_');
      return [
        `consume_${service}_events`,
        {
          action: 'receive',
          summary: `Read ${eventsTopic(service)} (from its beginning to rebuild the whole state).`,
          channel: { $ref: `#/channels/${channel}` },
        },
      ];
    }),
  );
  const messages = Object.fromEntries(
    events.map((e) => {
      const { $schema: _, $id: __, ...payload } = e.schema;
      return [
        messageName(e.type),
        {
          name: e.type,
          title: e.type,
          contentType: 'application/json',
          headers: {
            type: 'object',
            properties: { type: { type: 'string', const: e.type, description: 'The event type, as in the record.' } },
            required: ['type'],
          },
          payload,
        },
      ];
    }),
  );
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Zulip ES domain events',
      version,
      description:
        'Every state change of the system, as events on Kafka topics kept forever. Records are JSON, keyed by the aggregate of the command that produced them; the `type` header repeats the event type. A breaking change gets a new version suffix, published beside the old. Generated from libs/contracts by `npm run contracts`.',
    },
    defaultContentType: 'application/json',
    servers: {
      compose: {
        host: 'localhost:29092',
        protocol: 'kafka',
        description: "docker compose's external listener (infra/compose/README.md)",
      },
    },
    channels,
    operations,
    components: { messages },
  };
}

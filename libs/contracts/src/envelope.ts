/**
 * The envelopes of everything that crosses Kafka: commands (and queries) sent by the gateway,
 * replies sent back to it, and the domain events services append to their events topics.
 */
import { z } from 'zod';
import { ZulipErrorPayload } from './errors';

/** A point in a topic's log; replies carry the positions they produced (read-your-writes). */
export const Position = z.object({
  topic: z.string(),
  partition: z.number().int().nonnegative(),
  offset: z.string().regex(/^\d+$/),
});
export type Position = z.infer<typeof Position>;

export const EventEnvelope = z.object({
  eventId: z.uuid(),
  /** Past tense with a version suffix: `user.created.v1`. */
  type: z.string().regex(/^[a-z_]+(\.[a-z_]+)+\.v\d+$/),
  aggregateId: z.string().min(1),
  /** 1, 2, 3… within the aggregate. */
  sequence: z.number().int().positive(),
  /** ISO-8601 time the event was decided. */
  time: z.iso.datetime(),
  actorId: z.number().int().nullable(),
  correlationId: z.string().min(1),
  /** The command that caused the event. */
  causationId: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;

export const CommandEnvelope = z.object({
  /** Unique per client request; a redelivered command has the same id and gets the recorded reply. */
  commandId: z.string().min(1),
  /** The operation's message type, e.g. `user.create`. */
  type: z.string().min(1),
  kind: z.enum(['command', 'query']),
  /** Partition key: the aggregate the command concerns. */
  key: z.string().min(1),
  correlationId: z.string().min(1),
  /** The authenticated caller, null for unauthenticated operations. */
  actorId: z.number().int().nullable(),
  /** The client the request came from (Zulip's `client` parameter or User-Agent), e.g. `ZulipMobile`; absent for internal commands. */
  client: z.string().max(30).optional(),
  /** Epoch ms after which the gateway no longer waits; the service may drop the work. */
  deadline: z.number().int(),
  replyTo: z.string().min(1),
  /** The caller's latest known positions; the service waits until its read models reach them. */
  after: z.array(Position).default([]),
  data: z.record(z.string(), z.unknown()),
});
export type CommandEnvelope = z.input<typeof CommandEnvelope>;
export type ParsedCommandEnvelope = z.output<typeof CommandEnvelope>;

export const Reply = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    commandId: z.string(),
    body: z.record(z.string(), z.unknown()),
    positions: z.array(Position),
    /**
     * A consistent query's answer reflects exactly the service's events through these positions
     * of its events topic: the events after them are not in it.
     */
    reflects: z.array(Position).optional(),
  }),
  z.object({ ok: z.literal(false), commandId: z.string(), error: ZulipErrorPayload }),
]);
export type Reply = z.infer<typeof Reply>;

import type { z } from 'zod';
import type { EventEnvelope, MessagesEvent, Position, PushEvent, UploadsEvent, UsersEvent } from '@zulip-es/contracts';
import type { DomainError } from '../errors/domain-error';

export type ReplyBody = Record<string, unknown>;

export interface MessageContext<D> {
  commandId: string;
  correlationId: string;
  actorId: number | null;
  /** The client the request came from (see CommandEnvelope); absent for internal commands. */
  client?: string;
  data: D;
  /** The time of the decision; handlers never read the clock themselves. */
  now: Date;
}

/**
 * Every domain event as it goes on a topic: the input of its contract's schema, because nothing
 * parses an event's data on its way in (the store writes it as decided; readers parse it).
 */
export type AnyDomainEvent = z.input<typeof UsersEvent | typeof MessagesEvent | typeof UploadsEvent | typeof PushEvent>;

/** What every event of a contract is: a versioned type and its data. */
export interface EventShape {
  type: string;
  data: unknown;
}

/**
 * An event a handler decided, before the processor stamps ids, time and causation on it; one of
 * the events of `E` (a service's contract union), its `type` and `data` correlated.
 */
export type NewEvent<E extends EventShape = AnyDomainEvent> = E extends unknown
  ? {
      type: E['type'];
      aggregateId: string;
      /** The aggregate's sequence after this event (its previous version + 1). */
      sequence: number;
      data: E['data'];
    }
  : never;

/**
 * The events of a contract's union schema as a decider returns them (`NewEventOf<typeof
 * MessagesEvent>`), or only those of the types `T`.
 */
export type NewEventOf<S extends z.ZodType<EventShape, EventShape>, T extends z.input<S>['type'] = z.input<S>['type']> = NewEvent<
  Extract<z.input<S>, { type: T }>
>;

/** `E` without the fields a helper fills in (`aggregateId`, `sequence`), its type and data still correlated. */
export type NewEventDraft<
  E extends NewEvent<EventShape>,
  K extends 'aggregateId' | 'sequence' = 'aggregateId' | 'sequence',
> = E extends unknown ? Omit<E, K> : never;

/** A command's events (those of `E`: by default any service's) and its reply. */
export interface Decision<E extends NewEvent<EventShape> = NewEvent> {
  events: E[];
  reply: ReplyBody;
  /**
   * Zulip's partial successes: the events are appended, yet the request is answered with this
   * error (invitations sent to some addresses but not to those already registered).
   */
  error?: DomainError;
  /**
   * Where records the handler wrote itself, beside the events (a private topic), landed: the reply
   * reflects them too, so the caller's next request waits for readers of those topics as well.
   */
  positions?: Position[];
}

/** The events a command recorded, as its reply is rebuilt from them after a redelivery. */
export type RecordedEvents = Pick<EventEnvelope, 'type' | 'aggregateId' | 'data'>[];

export interface CommandHandler<D = unknown, E extends NewEvent<EventShape> = NewEvent> {
  kind: 'command';
  schema: z.ZodType<D>;
  /** Loads state, calls the pure decide function and returns its events and reply. */
  handle(ctx: MessageContext<D>): Promise<Decision<E>>;
  /** The reply of a command already applied, from its recorded events (redelivery after a crash). */
  replyFrom(events: RecordedEvents): ReplyBody;
  /**
   * For frequent commands that are safe to run again (presence pings): outcomes without events
   * are neither recorded nor looked up, so a ping costs no write to the command log. The handler
   * must make a second run harmless through its own state.
   */
  unrecorded?: true;
}

export interface QueryHandler<D = unknown> {
  kind: 'query';
  schema: z.ZodType<D>;
  handle(ctx: MessageContext<D>): Promise<ReplyBody>;
  /**
   * The answer must reflect exactly the service's events through the positions it gives
   * (`Reply.reflects`): a state a client keeps current from the events after it (POST /register).
   */
  consistent?: true;
}

/** The context of an operation of the contracts' table (`OperationContext<typeof sendMessage>`). */
export type OperationContext<O extends { params: z.ZodType }> = MessageContext<z.output<O['params']>>;

export type Handler = CommandHandler<never> | QueryHandler<never>;
export type HandlerRegistry = Record<string, CommandHandler<any, any> | QueryHandler<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

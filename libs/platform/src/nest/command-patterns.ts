import { MessagePattern } from '@nestjs/microservices';
import type { MessageHandler } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import type { z } from 'zod';
import type { ServiceConfig } from '../config/service-config';
import type { CommandHandler, Decision, HandlerRegistry, MessageContext, QueryHandler, ReplyBody } from '../runtime/handlers';

/**
 * An operation of the contracts (`sendMessage`), with the reply it answers, or an internal
 * command's type with its schema.
 */
type Operation<D, R = ReplyBody> = { type: string; params: z.ZodType<D>; reply?: z.ZodType<R> };

/**
 * The reply of a command already applied, from its recorded events and the service's
 * configuration (a reply may hold what derives from a secret, an API key, which no event holds).
 */
type ReplyFrom<C = ServiceConfig> = (events: Parameters<CommandHandler['replyFrom']>[0], config: C) => ReplyBody;

/** What the processor needs of a handler besides the method itself, carried as the pattern's extras. */
type CommandExtras = Pick<CommandHandler, 'kind' | 'schema' | 'unrecorded'> & { replyFrom: ReplyFrom };
type QueryExtras = Pick<QueryHandler, 'kind' | 'schema' | 'consistent'>;
type HandlerExtras = CommandExtras | QueryExtras;

const NO_REPLY: ReplyFrom = () => ({});

/**
 * A decorator that accepts only a method taking the operation's context: a handler cannot read
 * parameters its operation does not declare.
 */
type HandlerDecorator<D, R> = <M extends (ctx: MessageContext<D>) => Promise<R>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<M>,
) => void;

/**
 * Marks a controller method as the handler of a command: it receives the `MessageContext` and
 * returns the `Decision`. `replyFrom` rebuilds the reply of a command already applied from its
 * recorded events (an empty body when the command answers nothing); `C` is the service's
 * configuration type.
 */
export function CommandPattern<D, C = ServiceConfig>(
  operation: Operation<D>,
  options: { replyFrom?: ReplyFrom<C>; unrecorded?: true } = {},
): HandlerDecorator<D, Decision> {
  const extras: CommandExtras = {
    kind: 'command',
    schema: operation.params,
    // The registry passes the configuration the service runs with, which is a `C`.
    replyFrom: (options.replyFrom as ReplyFrom | undefined) ?? NO_REPLY,
    ...(options.unrecorded ? { unrecorded: true } : {}),
  };
  return MessagePattern(operation.type, extras);
}

/**
 * Marks a controller method as the handler of a query: it receives the `MessageContext` and
 * returns the reply body, which must have the shape its operation's contract declares.
 */
export function QueryPattern<D, R extends ReplyBody = ReplyBody>(
  operation: Operation<D, R>,
  options: { consistent?: true } = {},
): HandlerDecorator<D, R> {
  const extras: QueryExtras = { kind: 'query', schema: operation.params, ...(options.consistent ? { consistent: true } : {}) };
  return MessagePattern(operation.type, extras);
}

/**
 * The processor's view of the handlers Nest collected from the controllers: each call goes
 * through Nest's handler proxy (so guards, interceptors and filters apply) and comes back as a
 * promise. A pattern without our extras is a mistake in a controller, refused at start.
 */
export function handlerRegistry(handlers: Map<string, MessageHandler>, config: ServiceConfig): HandlerRegistry {
  const registry: HandlerRegistry = {};
  for (const [pattern, handler] of handlers) {
    const extras = handler.extras as HandlerExtras | undefined;
    if (extras?.kind !== 'command' && extras?.kind !== 'query')
      throw new Error(`${pattern}: declare handlers with @CommandPattern or @QueryPattern`);
    registry[pattern] =
      extras.kind === 'command'
        ? { ...extras, replyFrom: (events) => extras.replyFrom(events, config), handle: (ctx) => invoke<Decision>(handler, ctx) }
        : { ...extras, handle: (ctx) => invoke<ReplyBody>(handler, ctx) };
  }
  return registry;
}

async function invoke<T>(handler: MessageHandler, ctx: unknown): Promise<T> {
  const result: unknown = await handler(ctx);
  return (isObservable(result) ? await lastValueFrom(result) : result) as T;
}

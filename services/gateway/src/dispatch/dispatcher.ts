import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { commandsTopic, Role, type KeyRule, type Operation, type Position, type ServiceName } from '@zulip-es/contracts';
import {
  adminRequired,
  DomainError,
  latestPositions,
  noteLogUser,
  ownerRequired,
  RequestTimeoutError,
  type Logger,
  type TopicFollower,
} from '@zulip-es/platform';
import type { CommandClient } from '@zulip-es/platform';
import type { AuthReadModel, Credential } from '../auth/auth-read-model';
import { authenticate } from '../auth/basic-auth';
import { clientName } from '../http/client-name';
import { asDomainError, renderError, renderSuccess } from '../http/render';
import { parseParams, type RawValues } from '../params/parse-params';
import { rateLimitHeaders, rateLimitHit, type RateLimiter } from '../rate-limit/rate-limiter';
import type { FileReceiver } from '../uploads/file-receiver';

/** What `Dispatcher.request` sends: a command or query of a service, under an aggregate key. */
export interface OutgoingMessage {
  service: ServiceName;
  type: string;
  kind: 'command' | 'query';
  key: string;
  data: Record<string, unknown>;
}

/** Where a request came from: its id (the correlation id, see request-observer.ts) and the client's name. */
export interface RequestOrigin {
  requestId: string | undefined;
  client: string;
}

/** The origin of a request the API routes received. */
export const originOf = (req: FastifyRequest): RequestOrigin => ({
  requestId: req.id,
  client: clientName({ query: req.query, body: req.body, userAgent: req.headers['user-agent'] }),
});

/** A service's answer: its body, and for a consistent query the positions its state reflects. */
export interface Answer {
  body: Record<string, unknown>;
  reflects: Position[];
}

/**
 * Wraps the request of one operation: what the gateway itself adds to an answer (POST /register's
 * event queue, created before the state is read). `send` asks the owning service.
 */
export type AroundRequest = (
  call: {
    actor: Credential | null;
    data: Record<string, unknown>;
    /** Asks another service a query of the caller's (key `user:<id>`) with the same data. */
    ask: (service: ServiceName, type: string) => Promise<Answer>;
  },
  send: () => Promise<Answer>,
) => Promise<Record<string, unknown>>;

export interface DispatcherDeps {
  client: Pick<CommandClient, 'request' | 'replyTo'>;
  auth: AuthReadModel;
  /** Feeds `auth`; a reply's positions are awaited on it so account changes apply at once. */
  authFollower: TopicFollower;
  limiter: RateLimiter;
  /** Unauthenticated calls, per client address (Zulip's `api_by_ip`). */
  anonymousLimiter: RateLimiter;
  /** Stores the file of an operation that takes one (`takesFile`). */
  files: FileReceiver;
  timeoutMs: number;
  logger: Logger;
  /** By operation type. */
  around?: Readonly<Record<string, AroundRequest>>;
}

/**
 * The single request path of the API, driven by an operation's definition: authenticate, rate
 * limit, check the role, parse parameters, send the command or query to the owning service and
 * render its reply.
 */
export class Dispatcher {
  /** Each user's latest write positions, sent with their next request (read-your-writes). */
  private readonly positions = new Map<number, Position[]>();

  constructor(private readonly deps: DispatcherDeps) {}

  handler(op: Operation): (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
    return async (req, reply) => {
      try {
        return await this.dispatch(op, req, reply);
      } catch (error) {
        if (!(error instanceof DomainError)) this.deps.logger.error({ err: error, op: op.type }, 'request failed');
        return renderError(reply, asDomainError(error));
      }
    };
  }

  /** The caller of a route that needs one: authenticated (HTTP Basic) and rate limited. */
  async caller(req: FastifyRequest, reply: FastifyReply): Promise<Credential> {
    const actor = this.authenticated(req);
    await this.rateLimit(actor, reply);
    return actor;
  }

  /** The authenticated caller, not counted against the rate limit (GET /events: see event-routes). */
  authenticated(req: FastifyRequest): Credential {
    const actor = authenticate(req.headers.authorization, this.deps.auth);
    noteLogUser(actor.userId);
    return actor;
  }

  private async dispatch(op: Operation, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const actor = op.auth === 'user' ? await this.caller(req, reply) : null;
    if (!actor) await this.limited(this.deps.anonymousLimiter, `ip:${req.ip}`, reply);
    if (actor && op.minRole !== undefined && actor.role > op.minRole) throw roleRequired(op.minRole);
    // Only an authenticated caller's file is stored; from then on, a definite failure removes it.
    const upload = op.takesFile && actor ? await this.deps.files.receive(req, actor.realmId, op.oneFileMessage) : undefined;
    let answered = false;
    try {
      const { data, ignored } = parseParams(op, {
        path: (req.params ?? {}) as RawValues,
        query: (req.query ?? {}) as RawValues,
        body: upload ? upload.fields : isObject(req.body) ? req.body : {},
      });
      const send = () =>
        this.exchange(originOf(req), actor, {
          service: op.service,
          type: op.type,
          kind: op.kind,
          key: aggregateKey(op.key, data, actor),
          data: upload ? { ...data, file: upload.file } : data,
        });
      const around = this.deps.around?.[op.type];
      const ask = (service: ServiceName, type: string) =>
        this.exchange(originOf(req), actor, { service, type, kind: 'query', key: aggregateKey('actor', data, actor), data });
      const body = around ? await around({ actor, data, ask }, send) : (await send()).body;
      answered = true;
      return renderSuccess(reply, body, ignored);
    } catch (error) {
      // Not after a timeout: the service may still record the file. A leftover is collected later.
      answered = !(error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE');
      if (upload && answered && !op.consumesFile) await this.deps.files.discard(upload.file);
      throw error;
    } finally {
      if (upload && answered && op.consumesFile) await this.deps.files.discard(upload.file);
    }
  }

  /**
   * Sends a command or query for the caller and waits for its reply body: the operation table's
   * path, and the gateway's own routes that ask a service (serving uploads, recording a tus
   * upload). A refusal throws its DomainError; no reply in time is SERVICE_UNAVAILABLE.
   */
  async request(origin: RequestOrigin, actor: Credential | null, message: OutgoingMessage): Promise<Record<string, unknown>> {
    return (await this.exchange(origin, actor, message)).body;
  }

  private async exchange(origin: RequestOrigin, actor: Credential | null, message: OutgoingMessage): Promise<Answer> {
    const commandId = randomUUID();
    const result = await this.deps.client
      .request(commandsTopic(message.service), {
        commandId,
        type: message.type,
        kind: message.kind,
        key: message.key,
        correlationId: String(origin.requestId ?? commandId),
        actorId: actor?.userId ?? null,
        client: origin.client,
        deadline: Date.now() + this.deps.timeoutMs,
        replyTo: this.deps.client.replyTo,
        after: actor ? this.readAfter(actor) : [],
        data: message.data,
      })
      .catch((error: unknown) => {
        if (error instanceof RequestTimeoutError)
          throw new DomainError('SERVICE_UNAVAILABLE', `The ${message.service} service did not answer in time`);
        throw error;
      });
    if (!result.ok) throw DomainError.fromPayload(result.error);
    if (result.positions.length > 0) await this.remember(actor, result.positions);
    return { body: result.body, reflects: result.reflects ?? [] };
  }

  /**
   * The caller's own latest writes, plus everything this gateway has read of the users events:
   * the request was authenticated on that state, so the service that decides it (and keeps its
   * own copy of users, roles and groups) must have read at least as far. Writes of other users
   * then count too: a member made a moderator by an administrator acts as a moderator at once.
   */
  private readAfter(actor: Credential): Position[] {
    return latestPositions([...(this.positions.get(actor.userId) ?? []), ...this.deps.authFollower.appliedPositions()]);
  }

  private rateLimit(actor: Credential, reply: FastifyReply): Promise<void> {
    return this.limited(this.deps.limiter, `user:${actor.userId}`, reply);
  }

  private async limited(limiter: RateLimiter, subject: string, reply: FastifyReply): Promise<void> {
    const state = await limiter.hit(subject);
    if (!state) return;
    reply.headers(rateLimitHeaders(state));
    if (state.retryAfter !== undefined) throw rateLimitHit(state.retryAfter);
  }

  private async remember(actor: Credential | null, positions: Position[]): Promise<void> {
    if (actor) this.positions.set(actor.userId, latestPositions([...(this.positions.get(actor.userId) ?? []), ...positions]));
    await this.deps.authFollower.waitFor(positions, this.deps.timeoutMs);
  }
}

function aggregateKey(rule: KeyRule, data: Record<string, unknown>, actor: Credential | null): string {
  if (rule === 'realm') return 'realm';
  if (rule === 'actor') return actor ? `user:${actor.userId}` : 'anonymous';
  return `${rule.prefix}:${String(data[rule.param])}`;
}

function roleRequired(minRole: Role): DomainError {
  if (minRole === Role.OWNER) return ownerRequired();
  if (minRole === Role.ADMINISTRATOR) return adminRequired();
  if (minRole === Role.MODERATOR) return new DomainError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization moderator');
  return new DomainError('BAD_REQUEST', 'Not allowed for guest users');
}

const isObject = (value: unknown): value is RawValues => typeof value === 'object' && value !== null && !Array.isArray(value);

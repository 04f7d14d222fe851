/**
 * One REST operation of the Zulip API: the gateway's single dispatcher routes, authenticates,
 * parses and forwards every request from these definitions alone.
 */
import type { z } from 'zod';
import type { Role } from '../roles';
import type { ServiceName } from '../topics';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Which aggregate a request concerns, i.e. its Kafka key: commands for one key are decided in
 * order by one writer.
 * - `realm`: organization-wide invariants (unique emails, the last owner, user ids).
 * - `actor`: the caller's own data.
 * - `{ param }`: the aggregate named by a parameter, e.g. a message id.
 */
export type KeyRule = 'realm' | 'actor' | { param: string; prefix: string };

export interface Operation<S extends z.ZodObject = z.ZodObject, R extends z.ZodObject = z.ZodObject> {
  /** The message type the owning service handles, e.g. `user.create`. */
  type: string;
  method: HttpMethod;
  /** Path under `/api/v1`, with `{name}` path parameters. */
  path: string;
  service: ServiceName;
  kind: 'command' | 'query';
  /** `none`: no credentials needed (and none checked); `user`: HTTP Basic with email and API key. */
  auth: 'none' | 'user';
  /** The weakest role allowed to call it; weaker callers get UNAUTHORIZED_PRINCIPAL. */
  minRole?: Role;
  /**
   * Path, query and form parameters, typed. Non-string values arrive JSON-encoded in form values
   * (Zulip's `Json[...]`); a string field marked `.meta({ wire: 'json' })` is JSON-decoded too.
   */
  params: S;
  /**
   * What a successful call answers beside `result` and `msg` (and `ignored_parameters_unsupported`),
   * which the gateway adds: Zulip's fields for this endpoint (`replies/` holds the shared shapes).
   */
  reply: R;
  key: KeyRule;
  /**
   * The request carries exactly one file (multipart form data). The gateway streams it to the
   * uploads bucket after authenticating the caller, and sends the command with the stored file as
   * `file` (`StoredFile`) beside the parameters: file bytes never travel through Kafka.
   */
  takesFile?: true;
  /**
   * The owning service copies what it needs of the file (custom emoji images), so the gateway
   * removes the stored upload once the command is answered, accepted or not.
   */
  consumesFile?: true;
  /** How a request without a file or with several is refused, when Zulip words it for this endpoint. */
  oneFileMessage?: string;
}

export const defineOperation = <S extends z.ZodObject, R extends z.ZodObject>(op: Operation<S, R>): Operation<S, R> => op;

export type OperationData<O> = O extends Operation<infer S, z.ZodObject> ? z.output<S> : never;

/** The success body of an operation, without the gateway's `result` and `msg`. */
export type ReplyOf<O> = O extends Operation<z.ZodObject, infer R> ? z.output<R> : never;

import { ERROR_STATUS, type ErrorCode, type ZulipErrorPayload } from '@zulip-es/contracts';

/**
 * The one error type of the system: a Zulip error code, its message, the HTTP status and Zulip's
 * extra fields. Domain code throws it; the gateway renders it in one place.
 */
export class DomainError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly msg: string,
    readonly extra: Record<string, unknown> = {},
    status?: number,
  ) {
    super(msg);
    this.name = 'DomainError';
    this.status = status ?? ERROR_STATUS[code];
  }

  toPayload(): ZulipErrorPayload {
    return { code: this.code, msg: this.msg, status: this.status, extra: this.extra };
  }

  static fromPayload(p: ZulipErrorPayload): DomainError {
    return new DomainError(p.code, p.msg, p.extra, p.status);
  }
}

export const badRequest = (msg: string, extra?: Record<string, unknown>): DomainError => new DomainError('BAD_REQUEST', msg, extra);

export const adminRequired = (): DomainError => new DomainError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');

export const ownerRequired = (): DomainError => new DomainError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');

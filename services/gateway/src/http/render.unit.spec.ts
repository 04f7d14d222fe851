import { DomainError } from '@zulip-es/platform';
import { asDomainError } from './render';

const named = (name: string, message: string): Error => Object.assign(new Error(message), { name });

describe('an error as the API renders it', () => {
  it('keeps a domain error as it is', () => {
    const error = new DomainError('BAD_REQUEST', 'Invalid');
    expect(asDomainError(error)).toBe(error);
  });

  it('answers 503 when Redis is full or unreachable: the request may succeed later', () => {
    for (const error of [
      named('ReplyError', "OOM command not allowed when used memory > 'maxmemory'."),
      named(
        'MaxRetriesPerRequestError',
        'Reached the max retries per request limit (which is 2). Refer to "maxRetriesPerRequest" option for details.',
      ),
    ]) {
      expect(asDomainError(error)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    }
  });

  it('answers 500 for anything else, telling nothing of it', () => {
    expect(asDomainError(new TypeError('x is undefined'))).toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
      status: 500,
      msg: 'Internal server error',
    });
    expect(asDomainError(named('ReplyError', 'WRONGTYPE Operation against a key holding the wrong kind of value'))).toMatchObject({
      status: 500,
    });
  });
});

import { isTransientError } from './transient-error';

const named = (name: string, fields: Record<string, unknown> = {}) => Object.assign(new Error('x'), { name }, fields);

describe('telling a failure of the infrastructure from a failure of the event', () => {
  it.each([
    ['a store that cannot be reached', named('MongoServerSelectionError')],
    ['a closed Mongo client', named('MongoNotConnectedError')],
    ['a dropped connection', named('MongoNetworkError')],
    ['a primary stepping down', named('MongoServerError', { code: 189 })],
    ['a retryable write', named('MongoServerError', { code: 1, errorLabels: ['RetryableWriteError'] })],
    ['Kafka', named('KafkaJSNumberOfRetriesExceeded')],
    ['Redis down', new Error('Connection is closed.')],
    ['a refused socket', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a cause that is one of them', new Error('apply failed', { cause: named('MongoNetworkTimeoutError') })],
  ])('takes %s for transient', (_what, error) => {
    expect(isTransientError(error)).toBe(true);
  });

  it.each([
    ['evolve throwing', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['data that no longer parses', named('ZodError')],
    ['a document too large for the store', named('MongoServerError', { code: 10334 })],
    ['a value that is no error', 'boom'],
  ])("takes %s for the event's own", (_what, error) => {
    expect(isTransientError(error)).toBe(false);
  });
});

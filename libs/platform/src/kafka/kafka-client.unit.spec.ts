import { logLevel } from 'kafkajs';
import { kafkaLogLevel } from './kafka-client';

const answer = (level: logLevel, error: string) => ({
  level,
  log: { timestamp: '2026-11-26T10:08:57.204Z', logger: 'kafkajs', message: 'Response GroupCoordinator(key: 10, version: 2)', error },
});

describe("kafkajs's log, as the services log it", () => {
  it('logs a broker answer that kafkajs retries at debug: a just-started broker gives several', () => {
    expect(kafkaLogLevel(answer(logLevel.ERROR, 'The group coordinator is not available'))).toBe('debug');
    expect(kafkaLogLevel(answer(logLevel.ERROR, "The coordinator is loading and hence can't process requests for this group"))).toBe(
      'debug',
    );
  });

  it('logs a broker answer that kafkajs does not retry as an error', () => {
    expect(kafkaLogLevel(answer(logLevel.ERROR, 'Not authorized to access topics: [Topic authorization failed]'))).toBe('error');
    expect(
      kafkaLogLevel(answer(logLevel.ERROR, 'The request included a message larger than the max message size the server will accept')),
    ).toBe('error');
  });

  it('keeps the level of any other error or warning', () => {
    const crash = {
      level: logLevel.ERROR,
      log: {
        timestamp: '',
        logger: 'kafkajs',
        message: 'Crash: KafkaJSNumberOfRetriesExceeded',
        error: 'The group coordinator is not available',
      },
    };
    expect(kafkaLogLevel(crash)).toBe('error');
    expect(kafkaLogLevel({ level: logLevel.WARN, log: { timestamp: '', logger: 'kafkajs', message: 'Consumer group rebalancing' } })).toBe(
      'warn',
    );
  });

  it('does not log the bounded retries of the idempotent producer, expected at every start', () => {
    const entry = {
      level: logLevel.WARN,
      log: { timestamp: '', logger: 'kafkajs', message: 'Limiting retries for the idempotent producer to Number.MAX_SAFE_INTEGER' },
    };
    expect(kafkaLogLevel(entry)).toBeUndefined();
  });
});

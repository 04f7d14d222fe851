import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { eventsTopic, SERVICES } from '../../libs/contracts/src';
import { createKafka, createLogger, StackEndpointsSchema, TopicFollower } from '../../libs/platform/src';
import { publishedEvents } from '../contracts/event-schemas';

/**
 * An outside consumer validates what it reads against docs/event-schemas/: every record the
 * system has published so far (the whole run's, up to the topics' ends when the test starts)
 * matches the JSON Schema of its type.
 */
describe('the published event records, against their JSON Schemas', () => {
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  const validators = new Map(publishedEvents().map((e) => [e.type, ajv.compile(e.schema)]));

  it.each(SERVICES.map(eventsTopic))('every record of %s matches its schema', async (topic) => {
    const logger = createLogger('event-schemas-check', 'warn');
    const kafka = createKafka('event-schemas-check', StackEndpointsSchema.parse(process.env).KAFKA_BROKERS, logger);
    const problems: unknown[] = [];
    let read = 0;
    const follower = new TopicFollower(
      kafka,
      { name: `event-schemas-check-${topic}`, topics: [topic], stopAtEnd: true },
      async (batch) => {
        for (const record of batch) {
          read++;
          const value: unknown = JSON.parse(record.value.toString('utf8'));
          const type = String((value as { type?: unknown }).type);
          const validate = validators.get(type);
          if (!validate) problems.push({ offset: String(record.offset), type, problem: 'no schema of this type' });
          else if (!validate(value)) problems.push({ offset: String(record.offset), type, errors: validate.errors?.slice(0, 2) });
          if (problems.length >= 5) return;
        }
      },
      logger,
    );
    await follower.start();
    expect(problems).toEqual([]);
    // The global setup's organization alone publishes records on users.events.
    if (topic === 'users.events') expect(read).toBeGreaterThan(0);
  });
});

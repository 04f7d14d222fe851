import { randomBytes } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import { createKafka, createLogger, DURABLE_PRODUCER, KafkaConnectionSchema } from '../../libs/platform/src';
import { topicRecords } from '../../libs/testing/src';
import { loadStackConfig } from './config';
import { SECURE_LISTENER_USER, secureListenerCertificate } from './kafka-secure-listener';

const logger = createLogger('kafka-security-test', 'error');
const { host, securePort } = loadStackConfig().kafka;

/** A client as a service configured for a managed Kafka makes it, from the same variables. */
const clientFor = (env: Record<string, string>): Kafka =>
  createKafka(
    `kafka-security-test-${randomBytes(3).toString('hex')}`,
    KafkaConnectionSchema.parse({ KAFKA_BROKERS: `${host}:${securePort}`, ...env }),
    logger,
  );

const managed = {
  KAFKA_TLS: 'true',
  KAFKA_TLS_CA_FILE: secureListenerCertificate(),
  KAFKA_SASL_MECHANISM: 'plain',
  KAFKA_SASL_USERNAME: SECURE_LISTENER_USER.username,
  KAFKA_SASL_PASSWORD: SECURE_LISTENER_USER.password,
};

async function connects(kafka: Kafka): Promise<void> {
  const admin = kafka.admin();
  try {
    await admin.connect();
    await admin.listTopics();
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/**
 * The services' Kafka settings against a listener that asks what a managed Kafka asks: SASL
 * credentials over TLS (the local stack's second listener).
 */
describe('Kafka with SASL over TLS', () => {
  it('appends and reads records with the right credentials, trusting the broker through the CA file', async () => {
    const kafka = clientFor(managed);
    const topic = `kafka-security-test-${randomBytes(4).toString('hex')}`;
    const admin = kafka.admin();
    await admin.connect();
    try {
      await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
      const producer = kafka.producer(DURABLE_PRODUCER);
      await producer.connect();
      await producer.send({ topic, acks: -1, messages: [{ key: 'k', value: 'over TLS' }] });
      await producer.disconnect();
      const read = await topicRecords(topic, kafka);
      expect(read.map((r) => r.value.toString())).toEqual(['over TLS']);
    } finally {
      await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
      await admin.disconnect();
    }
  }, 60_000);

  it('is refused with a wrong password', async () => {
    await expect(connects(clientFor({ ...managed, KAFKA_SASL_PASSWORD: 'wrong-password' }))).rejects.toThrow(/SASL|authentication/i);
  }, 60_000);

  it("is refused when the broker's certificate is not trusted", async () => {
    const { KAFKA_TLS_CA_FILE, ...untrusting } = managed;
    void KAFKA_TLS_CA_FILE;
    await expect(connects(clientFor(untrusting))).rejects.toThrow(/certificate/i);
  }, 60_000);
});

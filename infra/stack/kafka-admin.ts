/** A short-lived kafkajs admin client against the stack's broker, quiet and quick to fail. */
import { Kafka, logLevel, type Admin } from 'kafkajs';

export async function withKafkaAdmin<T>(brokers: string, body: (admin: Admin) => Promise<T>): Promise<T> {
  const kafka = new Kafka({
    clientId: 'zulip-es-stack',
    brokers: brokers.split(',').map((broker) => broker.trim()),
    logLevel: logLevel.NOTHING,
    connectionTimeout: 2000,
    requestTimeout: 10_000,
    retry: { retries: 0 },
  });
  const admin = kafka.admin({ retry: { retries: 2, initialRetryTime: 200 } });
  await admin.connect();
  try {
    return await body(admin);
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

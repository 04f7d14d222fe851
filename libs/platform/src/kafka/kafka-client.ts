import { Kafka, logLevel, Partitioners, type ConsumerConfig, type KafkaConfig, type LogEntry, type ProducerConfig } from 'kafkajs';
import { errorCodes } from 'kafkajs/src/protocol/error';
import type { Logger } from '../logging/logger';
import { fixKafkaRequestQueue } from './request-queue-fix';
import type { KafkaConnection } from '../config/stack-endpoints';
import { kafkaSecurity } from './kafka-security';

/**
 * kafkajs defaults are tuned for throughput (5 s fetch waits, 30 s sessions); request-reply and
 * quick restarts need shorter sessions. The fetch wait only bounds how long the broker holds an
 * empty fetch: a record arriving meanwhile is answered at once (`minBytes: 1`), so it costs no
 * latency, while a 10 ms wait kept every idle service polling at 12-17% of a core and the broker at
 * about 50% (200 ms: services 1-4%, the broker about 20%; measured on the bench stack).
 */
export const LOW_LATENCY_CONSUMER: Omit<ConsumerConfig, 'groupId'> = {
  maxWaitTimeInMs: 200,
  minBytes: 1,
  // The broker minimum: a crashed member is replaced within seconds.
  sessionTimeout: 6_000,
  rebalanceTimeout: 15_000,
  heartbeatInterval: 1_000,
  retry: { retries: 10, initialRetryTime: 100 },
};

/**
 * How long the broker must keep the committed offsets of a consumer group with no member
 * (`offsets.retention.minutes`; Kafka's default is 7 days): event relays commit what they acted
 * on, and a relay whose offsets were dropped would act again on every event after a long
 * downtime (push notifications sent twice). Ten years: as long as the events themselves.
 */
export const GROUP_OFFSETS_RETENTION_MINUTES = 10 * 365 * 24 * 60;

/** Every append is durable and exactly-once per producer session (acks from all replicas). */
export const DURABLE_PRODUCER: ProducerConfig = {
  idempotent: true,
  // murmur2 on the key, as Java clients do: command partition p and events partition p match.
  createPartitioner: Partitioners.DefaultPartitioner,
  maxInFlightRequests: 1,
  allowAutoTopicCreation: false,
};

/**
 * A Kafka client for `connection`: the brokers and, for a managed Kafka, SASL and TLS (see
 * KafkaConnectionSchema); a plain list of brokers for a Kafka without either (tests, the stack).
 */
export function createKafka(clientId: string, connection: string | KafkaConnection, logger: Logger): Kafka {
  fixKafkaRequestQueue();
  const { KAFKA_BROKERS: brokers, ...security } =
    typeof connection === 'string' ? { KAFKA_BROKERS: connection, KAFKA_TLS: false } : connection;
  const config: KafkaConfig = {
    clientId,
    brokers: brokers.split(',').map((b) => b.trim()),
    ...kafkaSecurity(security),
    connectionTimeout: 3_000,
    requestTimeout: 10_000,
    retry: { retries: 8, initialRetryTime: 100 },
    logLevel: logLevel.WARN,
    logCreator: () => (entry: LogEntry) => logKafka(logger, entry),
  };
  return new Kafka(config);
}

/**
 * Expected at every start: retries are bounded on purpose (a producer that cannot append makes
 * its service exit and catch up on restart; projections ignore duplicates by sequence).
 */
const EXPECTED = ['Limiting retries for the idempotent producer'];

/**
 * kafkajs logs each error answer of the broker at ERROR as it reads it, before deciding to retry.
 * The answers it retries are routine (a broker that has just started answers "the coordinator is
 * loading" for a while); a request whose retries run out fails, and its caller reports that.
 */
const RETRIED_ANSWERS = new Set(errorCodes.filter((code) => code.retriable).map((code) => code.message));

/** The level a kafkajs log entry is logged at; undefined for the expected ones, not logged. */
export function kafkaLogLevel({ level, log }: Pick<LogEntry, 'level' | 'log'>): 'error' | 'warn' | 'debug' | undefined {
  if (EXPECTED.some((expected) => log.message.startsWith(expected))) return undefined;
  const retriedAnswer = log.message.startsWith('Response ') && RETRIED_ANSWERS.has(String(log.error));
  if (level === logLevel.ERROR && !retriedAnswer) return 'error';
  if (level === logLevel.WARN) return 'warn';
  return 'debug';
}

function logKafka(logger: Logger, entry: LogEntry): void {
  const { message, ...extra } = entry.log;
  const level = kafkaLogLevel(entry);
  if (level) logger[level]({ kafka: extra }, message);
}

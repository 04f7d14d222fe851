/**
 * Every Kafka topic of the system, in one place. Infrastructure creates them all up front
 * (`npm run stack:up`), services subscribe by these names, and event consumers outside the repo
 * read them as the published list of domain-event topics.
 */
import { z } from 'zod';

export const SERVICES = ['users', 'messages', 'uploads', 'push'] as const;
export const ServiceName = z.enum(SERVICES);
export type ServiceName = z.infer<typeof ServiceName>;

/**
 * How long a topic keeps its records: events forever, commands and replies briefly; `latest per
 * key` keeps each key's last record forever (Kafka's compaction).
 */
export type Retention = 'forever' | 'latest per key' | { ms: number };

export interface TopicSpec {
  name: string;
  partitions: number;
  retention: Retention;
  /** What the topic carries, for operators and the published event documentation. */
  purpose: string;
}

/**
 * Commands and the events they produce are keyed by the same aggregate key and both topics of a
 * service have the same partition count, so command partition p and events partition p belong to
 * the same writer.
 */
export const SERVICE_PARTITIONS = 8;

const ONE_HOUR_MS = 60 * 60 * 1000;
const TEN_MINUTES_MS = 10 * 60 * 1000;

export const commandsTopic = (service: ServiceName): string => `${service}.commands`;
export const eventsTopic = (service: ServiceName): string => `${service}.events`;

/** Each gateway instance reads replies from a topic of its own, so no rebalance can steal one. */
export const replyTopic = (gatewayInstanceId: string): string => `gateway.replies.${gatewayInstanceId}`;
export const REPLY_TOPIC_SPEC = { partitions: 1, retention: { ms: ONE_HOUR_MS } } as const;

/** The users service's private topic of sign-in material (see `CREDENTIALS_TOPIC`). */
const CREDENTIALS_TOPIC_SPEC: TopicSpec = {
  name: 'users.credentials',
  partitions: SERVICE_PARTITIONS,
  retention: 'latest per key',
  purpose: 'password hashes and API key material by user (private: the users service and the gateway only)',
};

export function serviceTopics(service: ServiceName): TopicSpec[] {
  return [
    {
      name: commandsTopic(service),
      partitions: SERVICE_PARTITIONS,
      // A command is dropped unprocessed once its deadline (at most two minutes) has passed, and
      // some carry passwords: an hour covers any restart, then the records go.
      retention: { ms: ONE_HOUR_MS },
      purpose: `commands and queries for the ${service} service, keyed by aggregate`,
    },
    {
      name: eventsTopic(service),
      partitions: SERVICE_PARTITIONS,
      retention: 'forever',
      purpose: `domain events of the ${service} service (the source of truth; public, versioned)`,
    },
    ...(service === 'users' ? [CREDENTIALS_TOPIC_SPEC] : []),
  ];
}

/** The topics that exist whatever the deployment: one commands and one events topic per service. */
export const ALL_SERVICE_TOPICS: TopicSpec[] = SERVICES.flatMap(serviceTopics);

/** The reply topic of a gateway instance; the gateway also ensures it exists at start. */
export function replyTopicSpec(gatewayInstanceId: string): TopicSpec {
  return {
    name: replyTopic(gatewayInstanceId),
    ...REPLY_TOPIC_SPEC,
    purpose: `replies to gateway instance ${gatewayInstanceId}`,
  };
}

/**
 * Kafka topic-level configuration for a retention policy. Kafka deletes whole segments only, and
 * rolls them weekly by default: a short retention needs segments as short.
 */
export function retentionConfig(retention: Retention): Record<string, string> {
  if (retention === 'forever') return { 'retention.ms': '-1', 'retention.bytes': '-1' };
  if (retention === 'latest per key') return { 'cleanup.policy': 'compact', 'retention.ms': '-1', 'retention.bytes': '-1' };
  return { 'retention.ms': String(retention.ms), 'segment.ms': String(Math.min(retention.ms, TEN_MINUTES_MS)) };
}

/**
 * Creates every Kafka topic of the system (libs/contracts/src/topics.ts) idempotently: missing
 * topics are created, topics with fewer partitions than their spec get more, a changed retention
 * is applied; then it waits until every partition has a leader.
 */
import { ConfigResourceTypes, type Admin, type ITopicMetadata } from 'kafkajs';
import { ALL_SERVICE_TOPICS, replyTopicSpec, retentionConfig, type TopicSpec } from '../../libs/contracts/src/topics';
import { withKafkaAdmin } from './kafka-admin';
import { retryUntil } from './util';

/** The gateway instance id the local stack provisions a reply topic for. */
export const LOCAL_GATEWAY_ID = 'gw-1';

export const stackTopics = (): TopicSpec[] => [...ALL_SERVICE_TOPICS, replyTopicSpec(LOCAL_GATEWAY_ID)];

export interface TopicsReport {
  created: string[];
  grown: string[];
  reconfigured: string[];
  total: number;
}

export async function ensureTopics(brokers: string, specs: TopicSpec[] = stackTopics()): Promise<TopicsReport> {
  return withKafkaAdmin(brokers, async (admin) => {
    const existing = new Set(await admin.listTopics());
    const missing = specs.filter((spec) => !existing.has(spec.name));
    const present = specs.filter((spec) => existing.has(spec.name));

    if (missing.length > 0) {
      await admin.createTopics({
        waitForLeaders: false, // waited for below, for all topics at once
        topics: missing.map((spec) => ({
          topic: spec.name,
          numPartitions: spec.partitions,
          replicationFactor: 1,
          configEntries: Object.entries(retentionConfig(spec.retention)).map(([name, value]) => ({ name, value })),
        })),
      });
    }

    const grown = await growPartitions(admin, present);
    const reconfigured = await alignRetention(admin, present);
    await waitForLeaders(admin, specs);
    return { created: missing.map((spec) => spec.name), grown, reconfigured, total: specs.length };
  });
}

async function growPartitions(admin: Admin, specs: TopicSpec[]): Promise<string[]> {
  if (specs.length === 0) return [];
  const { topics } = await admin.fetchTopicMetadata({ topics: specs.map((spec) => spec.name) });
  const counts = new Map(topics.map((topic) => [topic.name, topic.partitions.length]));
  const short = specs.filter((spec) => (counts.get(spec.name) ?? 0) < spec.partitions);
  if (short.length > 0) {
    await admin.createPartitions({
      topicPartitions: short.map((spec) => ({ topic: spec.name, count: spec.partitions })),
    });
  }
  return short.map((spec) => spec.name);
}

async function alignRetention(admin: Admin, specs: TopicSpec[]): Promise<string[]> {
  if (specs.length === 0) return [];
  const described = await admin.describeConfigs({
    includeSynonyms: false,
    resources: specs.map((spec) => ({ type: ConfigResourceTypes.TOPIC, name: spec.name })),
  });
  const actual = new Map(
    described.resources.map((resource) => [
      resource.resourceName,
      new Map(resource.configEntries.map((entry) => [entry.configName, entry.configValue])),
    ]),
  );
  const differing = specs.filter((spec) =>
    Object.entries(retentionConfig(spec.retention)).some(([name, value]) => actual.get(spec.name)?.get(name) !== value),
  );
  if (differing.length > 0) {
    await admin.alterConfigs({
      validateOnly: false,
      resources: differing.map((spec) => ({
        type: ConfigResourceTypes.TOPIC,
        name: spec.name,
        configEntries: Object.entries(retentionConfig(spec.retention)).map(([name, value]) => ({ name, value })),
      })),
    });
  }
  return differing.map((spec) => spec.name);
}

async function waitForLeaders(admin: Admin, specs: TopicSpec[]): Promise<void> {
  await retryUntil(
    async () => {
      const { topics } = await admin.fetchTopicMetadata({ topics: specs.map((spec) => spec.name) });
      const byName = new Map<string, ITopicMetadata>(topics.map((topic) => [topic.name, topic]));
      for (const spec of specs) {
        const topic = byName.get(spec.name);
        const partitions = topic?.partitions ?? [];
        if (partitions.length < spec.partitions || partitions.some((partition) => partition.leader < 0)) {
          throw new Error(`kafka: topic ${spec.name} has ${partitions.length}/${spec.partitions} partitions with a leader so far`);
        }
      }
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
}

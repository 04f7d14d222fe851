import type { Admin } from 'kafkajs';
import { retentionConfig, type TopicSpec } from '@zulip-es/contracts';

/**
 * Creates the topics that are missing and grows any with too few partitions, then waits until
 * every partition has a leader: kafkajs fails to subscribe to a topic a KRaft broker has not
 * fully created yet.
 */
export async function ensureTopics(admin: Admin, specs: TopicSpec[], timeoutMs = 30_000): Promise<void> {
  const existing = new Set(await admin.listTopics());
  const missing = specs.filter((s) => !existing.has(s.name));
  if (missing.length > 0) {
    await admin.createTopics({
      // kafkajs's own wait gives up at once when the broker does not know the topic yet (below).
      waitForLeaders: false,
      topics: missing.map((s) => ({
        topic: s.name,
        numPartitions: s.partitions,
        replicationFactor: 1,
        configEntries: Object.entries(retentionConfig(s.retention)).map(([name, value]) => ({ name, value })),
      })),
    });
  }
  const present = specs.filter((s) => existing.has(s.name));
  if (present.length > 0) {
    const { topics } = await admin.fetchTopicMetadata({ topics: present.map((s) => s.name) });
    const grow = topics
      .map((t) => ({ topic: t.name, have: t.partitions.length, want: specs.find((s) => s.name === t.name)!.partitions }))
      .filter((t) => t.have < t.want)
      .map((t) => ({ topic: t.topic, count: t.want }));
    if (grow.length > 0) await admin.createPartitions({ topicPartitions: grow });
  }
  await waitForLeaders(admin, specs, timeoutMs);
}

async function waitForLeaders(admin: Admin, specs: TopicSpec[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const topics = await metadataOf(admin, specs);
    const ready =
      topics !== null &&
      topics.every(
        (t) => t.partitions.length >= specs.find((s) => s.name === t.name)!.partitions && t.partitions.every((p) => p.leader >= 0),
      );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`topics have no leader after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Right after creation a KRaft broker may still answer that it does not host the topic: not yet. */
const NOT_YET = new Set(['UNKNOWN_TOPIC_OR_PARTITION', 'LEADER_NOT_AVAILABLE']);

async function metadataOf(admin: Admin, specs: TopicSpec[]) {
  try {
    return (await admin.fetchTopicMetadata({ topics: specs.map((s) => s.name) })).topics;
  } catch (error) {
    if (NOT_YET.has((error as { type?: string }).type ?? '')) return null;
    throw error;
  }
}

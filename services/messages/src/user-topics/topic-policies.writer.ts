import type { MessagesRepository } from '../projection/messages.repository';
import { withoutId } from '../projection/projector';
import { noTopicPolicies, topicPoliciesId, type TopicPoliciesState } from './topic-policies.state';

const MAX_ATTEMPTS = 50;
/** Writes under way per topic index document in this process, so they queue instead of colliding. */
const queues = new Map<string, Promise<void>>();

/**
 * Changes one topic index document by `evolve` (null: nothing to change). Events of different
 * users' aggregates are projected side by side (their partitions run in parallel), and any of
 * them may touch the same topic: writes here queue per document within the process and replace
 * only the revision they read (compare and set on `rev`), retrying when another writer (another
 * instance) came first.
 */
export function updateTopicPolicies(
  repo: MessagesRepository,
  channelId: number,
  topicName: string,
  evolve: (current: TopicPoliciesState) => TopicPoliciesState | null,
): Promise<void> {
  const id = topicPoliciesId(channelId, topicName);
  const previous = queues.get(id) ?? Promise.resolve();
  const run = previous.then(() => compareAndSet(repo, id, channelId, topicName, evolve));
  const settled = run.catch(() => undefined);
  queues.set(id, settled);
  void settled.then(() => {
    if (queues.get(id) === settled) queues.delete(id);
  });
  return run;
}

async function compareAndSet(
  repo: MessagesRepository,
  id: string,
  channelId: number,
  topicName: string,
  evolve: (current: TopicPoliciesState) => TopicPoliciesState | null,
): Promise<void> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const doc = await repo.topicPolicies.findOne({ _id: id });
    const current = doc ? withoutId(doc) : noTopicPolicies(channelId, topicName);
    const next = evolve(current);
    if (!next) return;
    if (!doc) {
      try {
        await repo.topicPolicies.insertOne({ _id: id, ...next });
        return;
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
        continue;
      }
    }
    const res = await repo.topicPolicies.replaceOne({ _id: id, rev: current.rev }, next);
    if (res.matchedCount === 1) return;
  }
  throw new Error(`topic index ${id} kept changing under ${MAX_ATTEMPTS} attempts`);
}

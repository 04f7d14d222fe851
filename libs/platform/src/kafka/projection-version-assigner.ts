import { setTimeout as sleep } from 'node:timers/promises';
import { AssignerProtocol, type Assigner, type Kafka, type PartitionAssigner } from 'kafkajs';
import type { Logger } from '../logging/logger';

/** Each member of a commands group announces the projection version it decides on. */
export interface VersionedMember {
  memberId: string;
  /** Undefined for a member whose metadata says nothing readable: it is given partitions last. */
  projectionVersion?: number;
}

export interface TopicPartitions {
  topic: string;
  partitions: number[];
}

/**
 * Every partition goes to the members on the highest projection version, round robin among them;
 * the others get none. A new release's instance joins its service's commands group only once its
 * own projection is built, so its joining moves all the commands to it at once: instances of two
 * releases never decide side by side on projections that do not see each other's events. Instances
 * of one release share a projection and share the partitions as before.
 */
export function assignByProjectionVersion(members: VersionedMember[], topics: TopicPartitions[]): Map<string, Record<string, number[]>> {
  const highest = Math.max(...members.map((m) => m.projectionVersion ?? -Infinity));
  const deciding = members
    .filter((m) => (m.projectionVersion ?? -Infinity) === highest)
    .map((m) => m.memberId)
    .sort();
  const assignment = new Map<string, Record<string, number[]>>(members.map((m) => [m.memberId, {}]));
  let next = 0;
  for (const { topic, partitions } of topics) {
    for (const partition of partitions) {
      const owned = assignment.get(deciding[next++ % deciding.length]!)!;
      (owned[topic] ??= []).push(partition);
    }
  }
  return assignment;
}

const NAME = 'ProjectionVersionAssigner';

/**
 * kafkajs assigner for a service's commands group (see assignByProjectionVersion). The version
 * rides in each member's metadata; whichever member leads the group assigns with the same rule.
 * Members of releases without this assigner only speak round robin: while one is in the group,
 * Kafka picks round robin for all (see untilUnversionedMembersLeave).
 */
export const projectionVersionAssigner =
  (projectionVersion: number): PartitionAssigner =>
  ({ cluster }): Assigner => ({
    name: NAME,
    version: 0,
    async assign({ members, topics }) {
      const versioned = members.map(({ memberId, memberMetadata }) => ({ memberId, projectionVersion: announcedVersion(memberMetadata) }));
      const partitions = topics.map((topic) => ({
        topic,
        partitions: cluster.findTopicPartitionMetadata(topic).map((p) => p.partitionId),
      }));
      return [...assignByProjectionVersion(versioned, partitions)].map(([memberId, assignment]) => ({
        memberId,
        memberAssignment: AssignerProtocol.MemberAssignment.encode({ version: 0, assignment, userData: Buffer.alloc(0) }),
      }));
    },
    protocol({ topics }) {
      const userData = Buffer.from(JSON.stringify({ projectionVersion }));
      return { name: NAME, metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData }) };
    },
  });

function announcedVersion(metadata: Buffer): number | undefined {
  try {
    const userData = AssignerProtocol.MemberMetadata.decode(metadata)?.userData;
    const version: unknown = userData ? (JSON.parse(userData.toString()) as { projectionVersion?: unknown }).projectionVersion : undefined;
    return typeof version === 'number' && Number.isSafeInteger(version) ? version : undefined;
  } catch {
    return undefined;
  }
}

/** How often a joining instance looks whether older instances are still in the group. */
const LEAVE_POLL_MS = 1_000;

/**
 * Before joining: while instances of a release without projection versions are in the group
 * (they speak only round robin, so Kafka chose it for the group), waits for them to leave. A new
 * release built its own projection meanwhile; joining would give it some partitions only, to
 * decide beside an instance that never sees its events. Their commands wait in Kafka for the
 * moment between their leaving and this joining. Resolves at once when `stopped` aborts.
 */
export async function untilUnversionedMembersLeave(
  kafka: Kafka,
  groupId: string,
  logger: Logger,
  stopped: AbortSignal,
  pollMs = LEAVE_POLL_MS,
): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    let told = false;
    while (!stopped.aborted) {
      const [group] = (await admin.describeGroups([groupId])).groups;
      if (!group || group.members.length === 0 || group.protocol === NAME) return;
      if (!told) {
        logger.warn(
          { groupId, members: group.members.length },
          'waiting for the instances of a release before projection versions to stop',
        );
        told = true;
      }
      await sleep(pollMs, undefined, { signal: stopped }).catch(() => undefined);
    }
  } finally {
    await admin.disconnect();
  }
}

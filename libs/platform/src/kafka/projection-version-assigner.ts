import { AssignerProtocol, type Assigner, type PartitionAssigner } from 'kafkajs';

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
 * Kafka picks round robin for all.
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

import { AssignerProtocol, type Cluster } from 'kafkajs';
import { assignByProjectionVersion, projectionVersionAssigner } from './projection-version-assigner';

const commands = { topic: 'users.commands', partitions: [0, 1, 2, 3, 4, 5, 6, 7] };

describe('commands partitions by projection version', () => {
  it('gives every partition to the members on the newest projection and none to the older ones', () => {
    const assignment = assignByProjectionVersion(
      [
        { memberId: 'old-a', projectionVersion: 6 },
        { memberId: 'new', projectionVersion: 7 },
        { memberId: 'old-b', projectionVersion: 6 },
      ],
      [commands],
    );
    expect(Object.fromEntries(assignment)).toEqual({ new: { 'users.commands': [0, 1, 2, 3, 4, 5, 6, 7] }, 'old-a': {}, 'old-b': {} });
  });

  it('shares the partitions round robin among members of one version', () => {
    const assignment = assignByProjectionVersion(
      [
        { memberId: 'b', projectionVersion: 7 },
        { memberId: 'a', projectionVersion: 7 },
      ],
      [commands],
    );
    expect(Object.fromEntries(assignment)).toEqual({ a: { 'users.commands': [0, 2, 4, 6] }, b: { 'users.commands': [1, 3, 5, 7] } });
  });

  it('counts a member announcing no version as the oldest, and still assigns when no member announces one', () => {
    expect(Object.fromEntries(assignByProjectionVersion([{ memberId: 'x' }, { memberId: 'y', projectionVersion: 0 }], [commands]))).toEqual(
      {
        x: {},
        y: { 'users.commands': [0, 1, 2, 3, 4, 5, 6, 7] },
      },
    );
    expect(assignByProjectionVersion([{ memberId: 'x' }], [commands]).get('x')).toEqual({ 'users.commands': [0, 1, 2, 3, 4, 5, 6, 7] });
  });

  it('reads each member version from the metadata its protocol announced, unreadable metadata included', async () => {
    const cluster = { findTopicPartitionMetadata: () => [0, 1, 2].map((partitionId) => ({ partitionId })) } as unknown as Cluster;
    const assignerOf = (version: number) => projectionVersionAssigner(version)({ cluster, groupId: 'g', logger: undefined as never });
    const metadataOf = (version: number) => assignerOf(version).protocol({ topics: ['users.commands'] }).metadata;
    const members = [
      { memberId: 'old', memberMetadata: metadataOf(3) },
      { memberId: 'new', memberMetadata: metadataOf(4) },
      { memberId: 'garbled', memberMetadata: Buffer.from('not metadata') },
    ];
    // The oldest member may lead the group: it assigns by the same rule.
    const assigned = await assignerOf(3).assign({ members, topics: ['users.commands'] });
    const decoded = Object.fromEntries(
      assigned.map((a) => [a.memberId, AssignerProtocol.MemberAssignment.decode(a.memberAssignment)?.assignment]),
    );
    expect(decoded).toEqual({ old: {}, new: { 'users.commands': [0, 1, 2] }, garbled: {} });
  });
});

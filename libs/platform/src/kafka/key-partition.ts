import { Partitioners, type PartitionerArgs } from 'kafkajs';
import { SERVICE_PARTITIONS } from '@zulip-es/contracts';

const partitioner = Partitioners.DefaultPartitioner();
const metadataFor = new Map<number, PartitionerArgs['partitionMetadata']>();

/**
 * The partition a producer with the default partitioner puts a key in (murmur2, as Java clients
 * do): a command of partition p and its events, both keyed alike, go to partition p of topics
 * with as many partitions.
 */
export function keyPartition(key: string, partitions: number = SERVICE_PARTITIONS): number {
  let partitionMetadata = metadataFor.get(partitions);
  if (!partitionMetadata) {
    partitionMetadata = Array.from({ length: partitions }, (_, partitionId) => ({
      partitionId,
      leader: 0,
      partitionErrorCode: 0,
      replicas: [0],
      isr: [0],
    }));
    metadataFor.set(partitions, partitionMetadata);
  }
  return partitioner({ topic: '', partitionMetadata, message: { key, value: null } });
}

import type { Position } from '@zulip-es/contracts';

export const partitionKey = (topic: string, partition: number): string => `${topic}:${partition}`;

/** The last offset of each partition among `positions` (a reply may carry several per partition). */
export function latestPositions(positions: Position[]): Position[] {
  const latest = new Map<string, Position>();
  for (const p of positions) {
    const k = partitionKey(p.topic, p.partition);
    const seen = latest.get(k);
    if (!seen || BigInt(seen.offset) < BigInt(p.offset)) latest.set(k, p);
  }
  return [...latest.values()];
}

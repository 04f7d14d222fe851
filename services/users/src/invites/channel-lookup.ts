/**
 * Which channels exist, for `stream_ids` of invitations. Channels belong to the messages
 * service; the users service has no copy of them yet, so today every channel is unknown and an
 * invitation naming one is refused. TODO(channels): back this with a read model fed from
 * `messages.events` (channel created/deleted, default channels).
 */
export interface ChannelLookup {
  /** The ids among `channelIds` that exist and that the actor may access. */
  existing(channelIds: readonly number[]): Promise<ReadonlySet<number>>;
}

export const NO_CHANNELS_YET: ChannelLookup = {
  existing: async () => new Set<number>(),
};

import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { MessagesRepository } from '../projection/messages.repository';
import { DEFAULT_CHANNELS_AGGREGATE, evolveDefaultChannels, type DefaultChannelEvent } from './default-channels.state';

const DEFAULT_CHANNEL_EVENTS: readonly DefaultChannelEvent['type'][] = ['default_channel.added.v1', 'default_channel.removed.v1'];

export const defaultChannelsProjector = (repo: MessagesRepository): Projector => ({
  types: DEFAULT_CHANNEL_EVENTS,
  async apply(event, envelope) {
    await applyToDocument(repo.defaultChannelsDoc, DEFAULT_CHANNELS_AGGREGATE, envelope.sequence, (current) =>
      evolveDefaultChannels(current, event as DefaultChannelEvent, envelope.sequence),
    );
  },
});

import type { Projector } from '../../projection/projector';
import { applyToDocument } from '../../projection/projector';
import type { MessagesRepository } from '../../projection/messages.repository';
import { CHANNEL_FOLDERS_AGGREGATE, evolveChannelFolders, type ChannelFolderEvent } from './channel-folders.state';

const CHANNEL_FOLDER_EVENTS: readonly ChannelFolderEvent['type'][] = [
  'channel_folder.created.v1',
  'channel_folder.updated.v1',
  'channel_folders.reordered.v1',
];

export const channelFoldersProjector = (repo: MessagesRepository): Projector => ({
  types: CHANNEL_FOLDER_EVENTS,
  async apply(event, envelope) {
    await applyToDocument(repo.channelFoldersDoc, CHANNEL_FOLDERS_AGGREGATE, envelope.sequence, (current) =>
      evolveChannelFolders(current, event as ChannelFolderEvent, envelope.sequence),
    );
  },
});

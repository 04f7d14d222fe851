import type { MessagesEvent } from '@zulip-es/contracts';

/** One channel folder, as Zulip's `ChannelFolderDict` holds it. */
export interface ChannelFolder {
  folderId: number;
  name: string;
  description: string;
  renderedDescription: string;
  order: number;
  creatorId: number | null;
  createdAt: string;
  isArchived: boolean;
}

/** The organization's channel folders (`channel_folders`), in one document: an organization has few. */
export interface ChannelFoldersState {
  folders: ChannelFolder[];
  version: number;
}

export const CHANNEL_FOLDERS_AGGREGATE = 'channel_folders';
export const NO_CHANNEL_FOLDERS: ChannelFoldersState = { folders: [], version: 0 };

export type ChannelFolderEvent = Extract<MessagesEvent, { type: `channel_folder.${string}` | `channel_folders.${string}` }>;

/** Pure: the folders after `event`. */
export function evolveChannelFolders(state: ChannelFoldersState | null, event: ChannelFolderEvent, sequence: number): ChannelFoldersState {
  const folders = state?.folders ?? [];
  switch (event.type) {
    case 'channel_folder.created.v1':
      return { folders: [...folders, { ...event.data, isArchived: false }], version: sequence };
    case 'channel_folder.updated.v1': {
      const { folderId, ...change } = event.data;
      return { folders: folders.map((f) => (f.folderId === folderId ? { ...f, ...change } : f)), version: sequence };
    }
    case 'channel_folders.reordered.v1': {
      const place = new Map(event.data.order.map((id, i) => [id, i]));
      return { folders: folders.map((f) => ({ ...f, order: place.get(f.folderId) ?? f.order })), version: sequence };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`channel folders cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}

/** Zulip's `get_channel_folder_dict`. */
export const channelFolderView = (f: ChannelFolder) => ({
  id: f.folderId,
  name: f.name,
  description: f.description,
  rendered_description: f.renderedDescription,
  order: f.order,
  creator_id: f.creatorId,
  date_created: Math.floor(Date.parse(f.createdAt) / 1000),
  is_archived: f.isArchived,
});

/** Zulip's `get_channel_folders_in_realm`: sorted by `order`. */
export const listChannelFolders = (state: ChannelFoldersState, includeArchived: boolean) =>
  state.folders
    .filter((f) => includeArchived || !f.isArchived)
    .sort((a, b) => a.order - b.order)
    .map(channelFolderView);

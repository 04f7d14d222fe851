import { toEveryone, type ClientEventsOf } from './client-event';

/** Zulip's `channel_folder` events, to every active user of the organization. */
export const channelFolderCreated: ClientEventsOf<'channel_folder.created.v1'> = ({ data }, directory) =>
  toEveryone(directory, {
    type: 'channel_folder',
    op: 'add',
    channel_folder: {
      id: data.folderId,
      name: data.name,
      description: data.description,
      rendered_description: data.renderedDescription,
      order: data.order,
      creator_id: data.creatorId,
      date_created: Math.floor(Date.parse(data.createdAt) / 1000),
      is_archived: false,
    },
  });

export const channelFolderUpdated: ClientEventsOf<'channel_folder.updated.v1'> = ({ data }, directory) => {
  const { folderId, name, description, renderedDescription, isArchived } = data;
  const changed = {
    ...(name !== undefined ? { name } : {}),
    ...(description !== undefined ? { description, rendered_description: renderedDescription ?? '' } : {}),
    ...(isArchived !== undefined ? { is_archived: isArchived } : {}),
  };
  return toEveryone(directory, { type: 'channel_folder', op: 'update', channel_folder_id: folderId, data: changed });
};

export const channelFoldersReordered: ClientEventsOf<'channel_folders.reordered.v1'> = ({ data }, directory) =>
  toEveryone(directory, { type: 'channel_folder', op: 'reorder', order: data.order });

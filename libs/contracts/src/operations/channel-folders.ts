import { z } from 'zod';
import { MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH, MAX_CHANNEL_FOLDERS } from '../limits';
import { Role } from '../roles';
import { ChannelFolderReply, EmptyReply, idReply } from './replies';
import { defineOperation } from './operation';

/** Keys: folders are organization-wide and channels name them: decided with the channels, on key `realm`. */

const Name = z.string().max(MAX_CHANNEL_FOLDER_NAME_LENGTH);
const Description = z.string().max(MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH);

/** POST /channel_folders/create → `{channel_folder_id}`. */
export const createChannelFolder = defineOperation({
  type: 'channel_folder.create',
  method: 'POST',
  path: '/channel_folders/create',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ name: Name, description: Description }),
  reply: idReply('channel_folder_id'),
  key: 'realm',
});

/** GET /channel_folders → `{channel_folders}`, sorted by `order`. */
export const getChannelFolders = defineOperation({
  type: 'channel_folder.list',
  method: 'GET',
  path: '/channel_folders',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({ include_archived: z.boolean().default(false) }),
  reply: z.strictObject({ channel_folders: z.array(ChannelFolderReply) }),
  key: 'actor',
});

/** PATCH /channel_folders: every folder's place, as a list of all their ids. */
export const reorderChannelFolders = defineOperation({
  type: 'channel_folder.reorder',
  method: 'PATCH',
  path: '/channel_folders',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ order: z.array(z.int()).max(MAX_CHANNEL_FOLDERS) }),
  reply: EmptyReply,
  key: 'realm',
});

/** PATCH /channel_folders/{channel_folder_id}: rename, describe, archive or unarchive a folder. */
export const updateChannelFolder = defineOperation({
  type: 'channel_folder.update',
  method: 'PATCH',
  path: '/channel_folders/{channel_folder_id}',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({
    channel_folder_id: z.int(),
    name: Name.optional(),
    description: Description.optional(),
    is_archived: z.boolean().optional(),
  }),
  reply: EmptyReply,
  key: 'realm',
});

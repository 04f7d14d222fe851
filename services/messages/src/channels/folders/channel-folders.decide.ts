import {
  MAX_CHANNEL_FOLDERS,
  type ChannelFolderCreatedV1,
  type ChannelFolderUpdatedV1,
  type createChannelFolder,
  type OperationData,
  type reorderChannelFolders,
  type updateChannelFolder,
} from '@zulip-es/contracts';
import { badRequest, type NewEventDraft } from '@zulip-es/platform';
import { firstUnprintable } from '../channel-name';
import { CHANNEL_FOLDERS_AGGREGATE, type ChannelFolder, type ChannelFoldersState } from './channel-folders.state';
import type { MessagesDecision, MessagesNewEvent } from '../../shared/messages-new-event';

export type CreateChannelFolder = OperationData<typeof createChannelFolder>;
export type UpdateChannelFolder = OperationData<typeof updateChannelFolder>;
export type ReorderChannelFolders = OperationData<typeof reorderChannelFolders>;

export interface FolderDecisionState {
  folders: ChannelFoldersState;
  actorId: number;
  /** The HTML of a description (Zulip renders it as a message without previews). */
  render(description: string): string;
  /** Whether any channel, archived or not, is in the folder. */
  inUse(folderId: number): boolean;
}

/** Zulip's `check_channel_folder_name`: not blank, printable, not the name of another live folder (case-insensitively). */
function checkFolderName(name: string, folders: readonly ChannelFolder[]): void {
  if (name.trim() === '') throw badRequest("Channel folder name can't be empty.");
  const invalid = firstUnprintable(name);
  if (invalid !== null) throw badRequest(`Invalid character in channel folder name, at position ${invalid}.`);
  if (folders.some((f) => !f.isArchived && f.name.toLowerCase() === name.toLowerCase()))
    throw badRequest('Channel folder name already in use');
}

const event = (state: ChannelFoldersState, offset: number, e: NewEventDraft<MessagesNewEvent>): MessagesNewEvent => ({
  ...e,
  aggregateId: CHANNEL_FOLDERS_AGGREGATE,
  sequence: state.version + offset,
});

/** POST /channel_folders/create: the new folder comes last (its `order` is its id). */
export function decideCreateChannelFolder(cmd: CreateChannelFolder, state: FolderDecisionState, now: Date): MessagesDecision {
  const { folders } = state.folders;
  checkFolderName(cmd.name, folders);
  if (folders.length >= MAX_CHANNEL_FOLDERS) throw badRequest(`An organization has at most ${MAX_CHANNEL_FOLDERS} channel folders.`);
  const folderId = Math.max(0, ...folders.map((f) => f.folderId)) + 1;
  const data: ChannelFolderCreatedV1['data'] = {
    folderId,
    name: cmd.name,
    description: cmd.description,
    renderedDescription: state.render(cmd.description),
    order: folderId,
    creatorId: state.actorId,
    createdAt: now.toISOString(),
  };
  return { events: [event(state.folders, 1, { type: 'channel_folder.created.v1', data })], reply: { channel_folder_id: folderId } };
}

/**
 * PATCH /channel_folders/{id}: Zulip's `update_channel_folder`, each changed field its own
 * update (name, description, archived state), in that order; a folder still holding channels
 * cannot be archived.
 */
export function decideUpdateChannelFolder(cmd: UpdateChannelFolder, state: FolderDecisionState): MessagesDecision {
  const folder = state.folders.folders.find((f) => f.folderId === cmd.channel_folder_id);
  if (!folder) throw badRequest('Invalid channel folder ID');
  const changes: ChannelFolderUpdatedV1['data'][] = [];
  if (cmd.name !== undefined && cmd.name !== folder.name) {
    checkFolderName(cmd.name, state.folders.folders);
    changes.push({ folderId: folder.folderId, name: cmd.name });
  }
  if (cmd.description !== undefined && cmd.description !== folder.description) {
    changes.push({ folderId: folder.folderId, description: cmd.description, renderedDescription: state.render(cmd.description) });
  }
  if (cmd.is_archived !== undefined && cmd.is_archived !== folder.isArchived) {
    if (cmd.is_archived && state.inUse(folder.folderId))
      throw badRequest('You need to remove all the channels from this folder to archive it.');
    changes.push({ folderId: folder.folderId, isArchived: cmd.is_archived });
  }
  return { events: changes.map((data, i) => event(state.folders, i + 1, { type: 'channel_folder.updated.v1', data })), reply: {} };
}

/** PATCH /channel_folders: Zulip's `try_reorder_realm_channel_folders`: every folder, archived ones too, must be listed. */
export function decideReorderChannelFolders(cmd: ReorderChannelFolders, state: FolderDecisionState): MessagesDecision {
  const listed = new Set(cmd.order);
  if (state.folders.folders.some((f) => !listed.has(f.folderId))) throw badRequest('Invalid order mapping.');
  return { events: [event(state.folders, 1, { type: 'channel_folders.reordered.v1', data: { order: cmd.order } })], reply: {} };
}

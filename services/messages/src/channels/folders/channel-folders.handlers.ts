import {
  createChannelFolder,
  getChannelFolders,
  reorderChannelFolders,
  updateChannelFolder,
  type OperationData,
} from '@zulip-es/contracts';
import type { CommandHandler, QueryHandler } from '@zulip-es/platform';
import type { MessagesDeps } from '../../shared/messages-deps';
import { channelsContext } from '../channels-context';
import { descriptionRenderContext, renderDescription } from '../render-description';
import {
  decideCreateChannelFolder,
  decideReorderChannelFolders,
  decideUpdateChannelFolder,
  type CreateChannelFolder,
  type FolderDecisionState,
  type ReorderChannelFolders,
  type UpdateChannelFolder,
} from './channel-folders.decide';
import { listChannelFolders } from './channel-folders.state';

/** What a folder command is decided on: the folders, and for descriptions the organization's rendering context. */
async function folderState(
  deps: MessagesDeps,
  actorId: number | null,
  description: string | undefined,
  needsChannels: boolean,
): Promise<FolderDecisionState> {
  const ctx = channelsContext(deps.users, actorId);
  const [folders, render, channels] = await Promise.all([
    deps.repo.channelFolders(),
    description === undefined ? null : descriptionRenderContext(deps, ctx, ctx.actor, [description]),
    needsChannels ? deps.repo.allChannels() : [],
  ]);
  return {
    folders,
    actorId: ctx.actor.userId,
    render: (text) => renderDescription(text, render),
    inUse: (folderId) => channels.some((c) => c.folderId === folderId),
  };
}

export function createChannelFolderHandler(deps: MessagesDeps): CommandHandler<CreateChannelFolder> {
  return {
    kind: 'command',
    schema: createChannelFolder.params,
    async handle({ actorId, data, now }) {
      return decideCreateChannelFolder(data, await folderState(deps, actorId, data.description, false), now);
    },
    replyFrom: (events) => ({ channel_folder_id: (events[0]?.data as { folderId?: number } | undefined)?.folderId }),
  };
}

export function updateChannelFolderHandler(deps: MessagesDeps): CommandHandler<UpdateChannelFolder> {
  return {
    kind: 'command',
    schema: updateChannelFolder.params,
    async handle({ actorId, data }) {
      return decideUpdateChannelFolder(data, await folderState(deps, actorId, data.description, data.is_archived === true));
    },
    replyFrom: () => ({}),
  };
}

export function reorderChannelFoldersHandler(deps: MessagesDeps): CommandHandler<ReorderChannelFolders> {
  return {
    kind: 'command',
    schema: reorderChannelFolders.params,
    async handle({ actorId, data }) {
      return decideReorderChannelFolders(data, await folderState(deps, actorId, undefined, false));
    },
    replyFrom: () => ({}),
  };
}

/** GET /channel_folders: any member of the organization may list them (Zulip's `get_channel_folders`). */
export function getChannelFoldersHandler({ repo }: MessagesDeps): QueryHandler<OperationData<typeof getChannelFolders>> {
  return {
    kind: 'query',
    schema: getChannelFolders.params,
    async handle({ data }) {
      return { channel_folders: listChannelFolders(await repo.channelFolders(), data.include_archived) };
    },
  };
}

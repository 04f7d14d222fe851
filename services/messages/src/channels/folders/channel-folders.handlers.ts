import { Controller, Inject } from '@nestjs/common';
import { createChannelFolder, getChannelFolders, reorderChannelFolders, updateChannelFolder, type ReplyOf } from '@zulip-es/contracts';
import {
  CommandPattern,
  type Decision,
  type MessageContext,
  type OperationContext,
  type RecordedEvents,
  QueryPattern,
  type ReplyBody,
} from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
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

/** The reply of a folder creation already applied: the folder's id. */
function createdFolderReply(events: RecordedEvents): ReplyBody {
  return { channel_folder_id: (events[0]?.data as { folderId?: number } | undefined)?.folderId };
}

@Controller()
export class ChannelFoldersHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  @CommandPattern(createChannelFolder, { replyFrom: createdFolderReply })
  async createChannelFolder({ actorId, data, now }: MessageContext<CreateChannelFolder>): Promise<Decision> {
    const { deps } = this;
    return decideCreateChannelFolder(data, await folderState(deps, actorId, data.description, false), now);
  }

  @CommandPattern(updateChannelFolder)
  async updateChannelFolder({ actorId, data }: MessageContext<UpdateChannelFolder>): Promise<Decision> {
    const { deps } = this;
    return decideUpdateChannelFolder(data, await folderState(deps, actorId, data.description, data.is_archived === true));
  }

  @CommandPattern(reorderChannelFolders)
  async reorderChannelFolders({ actorId, data }: MessageContext<ReorderChannelFolders>): Promise<Decision> {
    const { deps } = this;
    return decideReorderChannelFolders(data, await folderState(deps, actorId, undefined, false));
  }

  /** GET /channel_folders: any member of the organization may list them (Zulip's `get_channel_folders`). */
  @QueryPattern(getChannelFolders)
  async getChannelFolders({ data }: OperationContext<typeof getChannelFolders>): Promise<ReplyOf<typeof getChannelFolders>> {
    const { repo } = this.deps;
    return { channel_folders: listChannelFolders(await repo.channelFolders(), data.include_archived) };
  }
}

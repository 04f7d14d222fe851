import { createChannel, type OperationData } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { MessagesDeps } from '../../shared/messages-deps';
import { channelsContext, knownPrincipalIds } from '../channels-context';
import { subscriptionsOfUsers } from '../load-channels';
import { descriptionRenderContext } from '../render-description';
import { createChannelReplyFrom, decideCreateChannel } from './create-channel.decide';

export function createChannelHandler(deps: MessagesDeps): CommandHandler<OperationData<typeof createChannel>> {
  return {
    kind: 'command',
    schema: createChannel.params,
    async handle({ actorId, data, now }) {
      const { repo, users } = deps;
      const ctx = channelsContext(users, actorId);
      const [sameName, subscriptionsOf, lastChannelId, defaultChannels, render, folders] = await Promise.all([
        repo.channelByName(data.name),
        subscriptionsOfUsers(repo, knownPrincipalIds(ctx, data.subscribers)),
        repo.lastChannelId(),
        repo.defaultChannels(),
        descriptionRenderContext(deps, ctx, ctx.actor, [data.description ?? '']),
        data.folder_id === undefined ? undefined : repo.channelFolders(),
      ]);
      return decideCreateChannel(data, { ctx, sameName, subscriptionsOf, lastChannelId, defaultChannels, render, folders }, now);
    },
    replyFrom: createChannelReplyFrom,
  };
}

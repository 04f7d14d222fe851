import { addDefaultStream, removeDefaultStream, type OperationData } from '@zulip-es/contracts';
import type { CommandHandler, Decision } from '@zulip-es/platform';
import type { MessagesDeps } from '../../shared/messages-deps';
import { channelsContext } from '../channels-context';
import { decideAddDefaultChannel, decideRemoveDefaultChannel, type DefaultChannelsDecisionState } from './default-channels.decide';

type DefaultStreamParams = OperationData<typeof addDefaultStream>;

function defaultChannelsHandler(
  { repo, users }: MessagesDeps,
  schema: typeof addDefaultStream.params,
  decide: (state: DefaultChannelsDecisionState) => Decision,
): CommandHandler<DefaultStreamParams> {
  return {
    kind: 'command',
    schema,
    async handle({ actorId, data }) {
      const ctx = channelsContext(users, actorId);
      const [channel, actorSubscriptions, defaultChannels] = await Promise.all([
        repo.channel(data.stream_id),
        repo.subscriptionsOf(ctx.actor.userId),
        repo.defaultChannels(),
      ]);
      return decide({ ctx, channel, actorSubscriptions, defaultChannels });
    },
    replyFrom: () => ({}),
  };
}

export const addDefaultChannelHandler = (deps: MessagesDeps) =>
  defaultChannelsHandler(deps, addDefaultStream.params, decideAddDefaultChannel);
export const removeDefaultChannelHandler = (deps: MessagesDeps) =>
  defaultChannelsHandler(deps, removeDefaultStream.params, decideRemoveDefaultChannel);

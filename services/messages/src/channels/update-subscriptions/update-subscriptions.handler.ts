import { updateSubscriptions, type OperationData } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { MessagesDeps } from '../../shared/messages-deps';
import { channelsContext } from '../channels-context';
import { channelsByName, subscriptionsOfUsers } from '../load-channels';
import { descriptionRenderContext } from '../render-description';
import { decideUpdateSubscriptions, updateSubscriptionsReplyFrom } from './update-subscriptions.decide';

/** PATCH /users/me/subscriptions. */
export function updateSubscriptionsHandler(deps: MessagesDeps): CommandHandler<OperationData<typeof updateSubscriptions>> {
  return {
    kind: 'command',
    schema: updateSubscriptions.params,
    async handle({ actorId, data, now }) {
      const { repo, users } = deps;
      const ctx = channelsContext(users, actorId);
      const [existing, subscriptionsOf, lastChannelId, defaultChannels, render] = await Promise.all([
        channelsByName(repo, [...data.add.map((s) => s.name), ...data.delete]),
        subscriptionsOfUsers(repo, [ctx.actor.userId]),
        repo.lastChannelId(),
        repo.defaultChannels(),
        descriptionRenderContext(
          deps,
          ctx,
          ctx.actor,
          data.add.map((s) => s.description ?? ''),
        ),
      ]);
      return decideUpdateSubscriptions(data, { ctx, existing, subscriptionsOf, lastChannelId, defaultChannels, render }, now);
    },
    replyFrom: updateSubscriptionsReplyFrom,
  };
}

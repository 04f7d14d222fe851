import { updateSubscriptions, type OperationData } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { MessagesDeps } from '../../shared/messages-deps';
import { channelsContext } from '../channels-context';
import { channelsByName, subscriptionsOfUsers } from '../load-channels';
import { decideUpdateSubscriptions, updateSubscriptionsReplyFrom } from './update-subscriptions.decide';

/** PATCH /users/me/subscriptions. */
export function updateSubscriptionsHandler({ repo, users }: MessagesDeps): CommandHandler<OperationData<typeof updateSubscriptions>> {
  return {
    kind: 'command',
    schema: updateSubscriptions.params,
    async handle({ actorId, data, now }) {
      const ctx = channelsContext(users, actorId);
      const [existing, subscriptionsOf, lastChannelId, defaultChannels] = await Promise.all([
        channelsByName(repo, [...data.add.map((s) => s.name), ...data.delete]),
        subscriptionsOfUsers(repo, [ctx.actor.userId]),
        repo.lastChannelId(),
        repo.defaultChannels(),
      ]);
      return decideUpdateSubscriptions(data, { ctx, existing, subscriptionsOf, lastChannelId, defaultChannels }, now);
    },
    replyFrom: updateSubscriptionsReplyFrom,
  };
}

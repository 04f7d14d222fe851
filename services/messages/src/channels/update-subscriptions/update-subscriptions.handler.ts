import { Controller, Inject } from '@nestjs/common';
import { updateSubscriptions } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type OperationContext } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { channelsContext } from '../channels-context';
import { channelsByName, subscriptionsOfUsers } from '../load-channels';
import { descriptionRenderContext } from '../render-description';
import { decideUpdateSubscriptions, updateSubscriptionsReplyFrom } from './update-subscriptions.decide';

@Controller()
export class UpdateSubscriptionsHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** PATCH /users/me/subscriptions. */
  @CommandPattern(updateSubscriptions, { replyFrom: updateSubscriptionsReplyFrom })
  async updateSubscriptions({ actorId, data, now }: OperationContext<typeof updateSubscriptions>): Promise<Decision> {
    const { deps } = this;
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
  }
}

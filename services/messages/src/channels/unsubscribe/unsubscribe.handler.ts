import { Controller, Inject } from '@nestjs/common';
import { unsubscribe } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type OperationContext } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { channelsContext, knownPrincipalIds } from '../channels-context';
import { channelsByName, subscriptionsOfUsers } from '../load-channels';
import { decideUnsubscribe, unsubscribeReplyFrom } from './unsubscribe.decide';

@Controller()
export class UnsubscribeHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  @CommandPattern(unsubscribe, { replyFrom: unsubscribeReplyFrom })
  async unsubscribe({ actorId, data }: OperationContext<typeof unsubscribe>): Promise<Decision> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const [existing, subscriptionsOf] = await Promise.all([
      channelsByName(repo, data.subscriptions),
      subscriptionsOfUsers(repo, [ctx.actor.userId, ...knownPrincipalIds(ctx, data.principals)]),
    ]);
    return decideUnsubscribe(data, { ctx, existing, subscriptionsOf });
  }
}

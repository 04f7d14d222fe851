import { Controller, Inject } from '@nestjs/common';
import { ApplyAcceptedInvitation, APPLY_ACCEPTED_INVITATION } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { notifyDirectly, silentMention } from '../../messages/notification-bot/notification-bot';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { subscribeReplyFrom } from '../subscribe/subscribe.decide';
import { decideAcceptedInvitation } from './accepted-invitation.decide';

@Controller()
export class AcceptedInvitationHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** Sent by this service's invitation relay, never by the gateway (see APPLY_ACCEPTED_INVITATION). */
  @CommandPattern({ type: APPLY_ACCEPTED_INVITATION, params: ApplyAcceptedInvitation }, { replyFrom: subscribeReplyFrom })
  async acceptedInvitation({ data, now }: MessageContext<ApplyAcceptedInvitation>): Promise<Decision> {
    const { deps } = this;
    const { repo, users } = deps;
    const defaultChannels = await repo.defaultChannels();
    const ids = [...new Set([...data.streamIds, ...(data.includeRealmDefaultSubscriptions ? defaultChannels.channelIds : [])])];
    const [found, subscriptions] = await Promise.all([Promise.all(ids.map((id) => repo.channel(id))), repo.subscriptionsOf(data.userId)]);
    const channels = new Map(found.flatMap((c) => (c ? [[c.channelId, c] as const] : [])));
    const decision = decideAcceptedInvitation(data, { channels, defaultChannels, subscriptions });
    const joined = users.user(data.userId);
    if (!data.notifyReferrerOnJoin || data.referrerId === undefined || !joined) return decision;
    // Zulip's notice to the referrer (zerver/actions/create_user.py), in the same command so a
    // redelivered acceptance sends it once.
    const notice = await notifyDirectly(deps, data.referrerId, `${silentMention(joined)} accepted your invitation to join Zulip!`, now);
    return notice ? { ...decision, events: [...decision.events, ...notice.events] } : decision;
  }
}

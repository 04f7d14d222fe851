import { ApplyAcceptedInvitation } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { MessagesDeps } from '../../shared/messages-deps';
import { subscribeReplyFrom } from '../subscribe/subscribe.decide';
import { decideAcceptedInvitation } from './accepted-invitation.decide';

/** Sent by this service's invitation relay, never by the gateway (see APPLY_ACCEPTED_INVITATION). */
export function acceptedInvitationHandler({ repo }: MessagesDeps): CommandHandler<ApplyAcceptedInvitation> {
  return {
    kind: 'command',
    schema: ApplyAcceptedInvitation,
    async handle({ data }) {
      const defaultChannels = await repo.defaultChannels();
      const ids = [...new Set([...data.streamIds, ...(data.includeRealmDefaultSubscriptions ? defaultChannels.channelIds : [])])];
      const [found, subscriptions] = await Promise.all([Promise.all(ids.map((id) => repo.channel(id))), repo.subscriptionsOf(data.userId)]);
      const channels = new Map(found.flatMap((c) => (c ? [[c.channelId, c] as const] : [])));
      return decideAcceptedInvitation(data, { channels, defaultChannels, subscriptions });
    },
    replyFrom: subscribeReplyFrom,
  };
}

import type { ApplyAcceptedInvitation } from '@zulip-es/contracts';
import type { ChannelState } from '../channel.state';
import type { DefaultChannelsState } from '../default-channels.state';
import { channelRef, namesByUser, planSubscriptions } from '../subscription-plan';
import type { UserSubscriptionsState } from '../user-subscriptions.state';
import type { MessagesDecision } from '../../shared/messages-new-event';

export interface AcceptedInvitationState {
  /** The invitation's channels and the default channels, those that still exist. */
  channels: ReadonlyMap<number, ChannelState>;
  defaultChannels: DefaultChannelsState;
  subscriptions: UserSubscriptionsState;
}

/**
 * An invited person joined: they are subscribed to the invitation's channels and, when the
 * invitation said so, to the organization's default channels (Zulip's `do_create_user` with
 * `prereg_user.streams`). The inviter's right to do so was checked when inviting; channels
 * archived or gone since are skipped, and existing subscriptions stay as they are, so applying
 * the same acceptance twice changes nothing.
 */
export function decideAcceptedInvitation(
  cmd: ApplyAcceptedInvitation,
  state: AcceptedInvitationState,
): MessagesDecision<'channel.subscribers_added.v1'> {
  const ids = [...new Set([...cmd.streamIds, ...(cmd.includeRealmDefaultSubscriptions ? state.defaultChannels.channelIds : [])])];
  const channels = ids.flatMap((id) => {
    const channel = state.channels.get(id);
    return channel && !channel.isArchived ? [channelRef(channel)] : [];
  });
  const plan = planSubscriptions(channels, [cmd.userId], () => state.subscriptions);
  return { events: plan.events, reply: { subscribed: namesByUser(plan.subscribed) } };
}

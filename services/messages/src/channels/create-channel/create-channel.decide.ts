import type { RenderContext } from '@zulip-es/zulip-markdown';
import type { createChannel, OperationData } from '@zulip-es/contracts';
import { DomainError } from '@zulip-es/platform';
import { checkChannelName, normalizeDescription } from '../channel-name';
import { resolvePrincipals, type ChannelsContext } from '../channels-context';
import type { ChannelState } from '../channel.state';
import { DEFAULT_CHANNELS_AGGREGATE, type DefaultChannelsState } from '../default-channels.state';
import {
  channelCreated,
  checkChannelCreationPermissions,
  checkNewChannelParams,
  checkRequestedSettings,
  requestedSettings,
} from '../new-channel';
import { planSubscriptions } from '../subscription-plan';
import type { UserSubscriptionsState } from '../user-subscriptions.state';
import { NO_CHANNEL_FOLDERS, type ChannelFoldersState } from '../folders/channel-folders.state';
import type { MessagesDecision, MessagesNewEvent } from '../../shared/messages-new-event';

export type CreateChannel = OperationData<typeof createChannel>;

export interface CreateChannelState {
  ctx: ChannelsContext;
  /** The channel already holding the name (case-insensitively), if any. */
  sameName: ChannelState | null;
  subscriptionsOf: (userId: number) => UserSubscriptionsState;
  lastChannelId: number;
  defaultChannels: DefaultChannelsState;
  /** The organization new channels' descriptions render with; absent: none (tests of other rules). */
  render?: RenderContext;
  /** The organization's channel folders, read when the request names one; absent: none. */
  folders?: ChannelFoldersState;
}

/**
 * Zulip's `create_channel` (feature level 417): one new channel, then its `subscribers`. The
 * creator may subscribe anyone to a channel they create; no one needs to be subscribed.
 */
export function decideCreateChannel(cmd: CreateChannel, state: CreateChannelState, now: Date): MessagesDecision {
  const { ctx } = state;
  const { actor } = ctx;
  const name = cmd.name.trim();
  checkChannelName(name);
  if (state.sameName) throw new DomainError('CHANNEL_ALREADY_EXISTS', `Channel '${name}' already exists`);
  const options = checkNewChannelParams(ctx, actor, cmd, state.folders ?? NO_CHANNEL_FOLDERS);
  checkChannelCreationPermissions(ctx, actor, options);
  const settings = checkRequestedSettings(ctx, ctx, actor, requestedSettings(cmd), options);
  const subscribers = cmd.subscribers.length > 0 ? resolvePrincipals(ctx, cmd.subscribers) : [];

  const channelId = state.lastChannelId + 1;
  const events: MessagesNewEvent[] = [
    channelCreated({
      channelId,
      name,
      description: normalizeDescription(cmd.description),
      creatorId: actor.userId,
      now,
      options,
      settings,
      render: state.render ?? null,
    }),
  ];
  if (options.isDefaultStream) {
    events.push({
      type: 'default_channel.added.v1',
      aggregateId: DEFAULT_CHANNELS_AGGREGATE,
      sequence: state.defaultChannels.version + 1,
      data: { channelId },
    });
  }
  const plan = planSubscriptions(
    [{ channelId, name, version: 1 }],
    subscribers.map((u) => u.userId),
    state.subscriptionsOf,
  );
  events.push(...plan.events);
  return { events, reply: { id: channelId } };
}

export const createChannelReplyFrom = (events: readonly { type: string; data: Record<string, unknown> }[]): Record<string, unknown> => ({
  id: events.find((e) => e.type === 'channel.created.v1')?.data.channelId,
});

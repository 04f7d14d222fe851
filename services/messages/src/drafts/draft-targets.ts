import type { DraftInput } from '@zulip-es/contracts';
import type { ChannelsContext } from '../channels/channels-context';
import type { ChannelState } from '../channels/channel.state';
import type { MessagesRepository } from '../projection/messages.repository';
import type { DraftTargets } from './valid-draft';

/** Loads what checking `drafts` needs: the channels channel drafts name and the caller's subscriptions. */
export async function loadDraftTargets(
  repo: MessagesRepository,
  ctx: ChannelsContext,
  drafts: readonly DraftInput[],
): Promise<DraftTargets> {
  const channelIds = [...new Set(drafts.filter((d) => d.type === 'stream' && d.to.length === 1).map((d) => d.to[0]))];
  const [channels, actorSubscriptions] = await Promise.all([
    Promise.all(channelIds.map((id) => repo.channel(id))),
    repo.subscriptionsOf(ctx.actor.userId),
  ]);
  const byId = new Map(channels.flatMap((c): [number, ChannelState][] => (c ? [[c.channelId, c]] : [])));
  return { ctx, channel: (id) => byId.get(id) ?? null, actorSubscriptions };
}

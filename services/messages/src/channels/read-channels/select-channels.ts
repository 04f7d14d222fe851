import type { getStreams, OperationData } from '@zulip-es/contracts';
import { hasContentAccess, hasMetadataAccess, isGuest, type AccessContext } from '../channel-access';
import type { ChannelState } from '../channel.state';
import type { ReadUser } from '../../users-read-model/users-read-model';

export type GetStreams = OperationData<typeof getStreams>;

/**
 * Zulip's `get_streams_for_user`: with `include_all`, every channel the user has metadata access
 * to; with `include_can_access_content`, those with content access; otherwise the union of the
 * subscribed, public (never for guests) and web-public ones asked for. Archived channels are
 * left out unless `exclude_archived` is false.
 */
export function selectChannels(
  ctx: AccessContext,
  user: ReadUser,
  channels: readonly ChannelState[],
  subscribed: ReadonlySet<number>,
  params: GetStreams,
): ChannelState[] {
  const candidates = channels.filter((c) => !params.exclude_archived || !c.isArchived);
  const isSubscribed = (c: ChannelState) => subscribed.has(c.channelId);
  if (params.include_all || params.include_all_active) return candidates.filter((c) => hasMetadataAccess(ctx, user, c, isSubscribed(c)));
  if (params.include_can_access_content) return candidates.filter((c) => hasContentAccess(ctx, user, c, isSubscribed(c)));
  const includePublic = params.include_public && !isGuest(user);
  return candidates.filter(
    (c) =>
      (params.include_subscribed && isSubscribed(c)) ||
      (includePublic && !c.inviteOnly) ||
      (params.include_web_public && c.isWebPublic && !c.inviteOnly && c.historyPublicToSubscribers && !c.isArchived),
  );
}

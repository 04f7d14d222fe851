import type { DraftInput, StoredDraft } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { accessChannelById } from '../channels/channel-lookup';
import type { ChannelsContext } from '../channels/channels-context';
import type { ChannelState } from '../channels/channel.state';
import type { UserSubscriptionsState } from '../channels/user-subscriptions.state';
import { apiEmail } from '@zulip-es/zulip-rules';
import { normalizeDraftContent, truncateDraftTopic } from './draft-text';

/** What checking a draft's recipients needs: the caller, the users, the channels named. */
export interface DraftTargets {
  ctx: Pick<ChannelsContext, 'actor' | 'realm' | 'membership' | 'user'>;
  /** The channels named by channel drafts (null: no such channel). */
  channel(channelId: number): ChannelState | null;
  actorSubscriptions: UserSubscriptionsState;
}

/**
 * Zulip's `further_validated_draft_dict` (zerver/lib/drafts.py), in its order: content, then
 * timestamp (absent: now, kept to the microsecond), then the recipient. A channel draft names
 * exactly one channel the caller can read, its topic cut to 60 characters; a direct draft names
 * existing, active users and is stored as the conversation (the others, or the caller alone);
 * anything else, and a direct draft to nobody, is unaddressed.
 */
export function validDraft(input: DraftInput, targets: DraftTargets, now: Date): Omit<StoredDraft, 'id'> {
  const content = normalizeDraftContent(input.content);
  const timestamp = Math.round((input.timestamp ?? now.getTime() / 1000) * 1e6) / 1e6;
  if (timestamp < 0) throw badRequest('Timestamp must not be negative.');
  if (input.type === 'stream') {
    const topic = truncateDraftTopic(input.topic);
    if (topic.includes('\0')) throw badRequest('Topic must not contain null bytes');
    if (input.to.length !== 1) throw badRequest('Must specify exactly 1 channel ID for channel messages');
    const channel = accessChannelById(targets.ctx, targets.channel(input.to[0]), targets.actorSubscriptions, {
      requireContentAccess: true,
    });
    return { type: 'stream', to: [channel.channelId], topic, content, timestamp };
  }
  if (input.type === 'private' && input.to.length > 0)
    return { type: 'private', to: conversation(input.to, targets.ctx), topic: '', content, timestamp };
  return { type: '', to: [], topic: '', content, timestamp };
}

/** Zulip's `recipient_for_user_profiles` seen from the owner (`get_recipient_ids`). */
function conversation(to: readonly number[], ctx: DraftTargets['ctx']): number[] {
  const ids = [...new Set(to)];
  for (const id of ids) if (!ctx.user(id)) throw badRequest(`Invalid user ID ${id}`);
  for (const id of ids) {
    const user = ctx.user(id)!;
    if (!user.isActive) throw badRequest(`'${apiEmail(user, ctx.realm)}' is no longer using Zulip.`);
  }
  const others = ids.filter((id) => id !== ctx.actor.userId);
  return (others.length > 0 ? others : [ctx.actor.userId]).sort((a, b) => a - b);
}

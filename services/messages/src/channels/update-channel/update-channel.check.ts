import { badRequest } from '@zulip-es/platform';
import { canAdministerChannel, hasBasicAccess, hasContentAccess, hasRealmPermission, isAdmin } from '../channel-access';
import type { ChannelState } from '../channel.state';
import type { ChannelsContext } from '../channels-context';

/**
 * Zulip's `access_stream_for_delete_or_update_requiring_metadata_access` (archived channels
 * included): administrators, and channel administrators who can see the channel; someone who
 * can read it without administering it is told so, anyone else that it does not exist.
 */
export function accessChannelToAdminister(ctx: ChannelsContext, channel: ChannelState | null, subscribed: boolean): ChannelState {
  if (!channel) throw badRequest('Invalid channel ID');
  const { actor } = ctx;
  if (isAdmin(actor)) return channel;
  if (canAdministerChannel(ctx, actor, channel) && hasBasicAccess(ctx, actor, channel, subscribed, false)) return channel;
  if (hasContentAccess(ctx, actor, channel, subscribed)) throw badRequest('You do not have permission to administer this channel.');
  throw badRequest('Invalid channel ID');
}

/** The privacy a PATCH asks for, each value falling back to the channel's (history to the privacy's default). */
export interface ProposedPrivacy {
  inviteOnly: boolean;
  isWebPublic: boolean;
  historyPublicToSubscribers: boolean;
  isDefault: boolean;
}

export interface PrivacyRequest {
  is_private?: boolean;
  is_web_public?: boolean;
  history_public_to_subscribers?: boolean;
  is_default_stream?: boolean;
}

export function proposedPrivacy(channel: ChannelState, request: PrivacyRequest, isDefault: boolean): ProposedPrivacy {
  const inviteOnly = request.is_private ?? channel.inviteOnly;
  const historyPublicToSubscribers =
    request.history_public_to_subscribers ?? (request.is_private !== undefined ? !request.is_private : channel.historyPublicToSubscribers);
  return {
    inviteOnly,
    isWebPublic: request.is_web_public ?? channel.isWebPublic,
    historyPublicToSubscribers,
    isDefault: request.is_default_stream ?? isDefault,
  };
}

/** Zulip's checks of the proposed privacy, in its order, before anything changes. */
export function checkPrivacy(
  ctx: ChannelsContext,
  channel: ChannelState,
  subscribed: boolean,
  request: PrivacyRequest,
  p: ProposedPrivacy,
): void {
  const invalid = () => badRequest('Invalid parameters');
  if (p.isWebPublic && !p.historyPublicToSubscribers) throw invalid();
  if (p.isWebPublic && p.inviteOnly) throw invalid();
  if (!p.inviteOnly && !p.historyPublicToSubscribers) throw invalid();
  if (p.inviteOnly && p.isDefault) throw badRequest('A default channel cannot be private.');
  if (!p.inviteOnly && ctx.realm.moderationRequestChannelId === channel.channelId)
    throw badRequest('Moderation request channel must be private.');
  if (request.is_private !== undefined && !hasContentAccess(ctx, ctx.actor, channel, subscribed))
    throw badRequest('Channel content access is required.');
  if (request.is_private === true && !hasRealmPermission(ctx, ctx.actor, 'can_create_private_channel_group'))
    throw badRequest('Insufficient permission');
  if (request.is_private === false && !hasRealmPermission(ctx, ctx.actor, 'can_create_public_channel_group'))
    throw badRequest('Insufficient permission');
  if (request.is_web_public === true && !ctx.realm.enableSpectatorAccess) throw badRequest('Web-public channels are not enabled.');
}

/** Zulip's `validate_can_create_topic_group_setting_for_protected_history_streams`. */
export function checkTopicCreationForProtectedHistory(
  historyPublicToSubscribers: boolean,
  canCreateTopicGroup: unknown,
  everyoneGroupId: number,
): void {
  if (historyPublicToSubscribers || canCreateTopicGroup === everyoneGroupId) return;
  const parameters = 'history_public_to_subscribers, can_create_topic_group';
  throw badRequest(`Unsupported parameter combination: ${parameters}`, { parameters });
}

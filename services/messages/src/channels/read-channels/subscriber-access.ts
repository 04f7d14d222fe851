import { badRequest } from '@zulip-es/platform';
import { hasMetadataAccess, isAdmin, isGuest, type AccessContext } from '../channel-access';
import type { ChannelState } from '../channel.state';
import type { ReadUser } from '../../users-read-model/users-read-model';

/**
 * Zulip's `validate_user_access_to_subscribers`: anyone for web-public channels; guests only for
 * channels they are subscribed to; for private channels, subscribers, administrators and the
 * holders of the channel's access-granting groups.
 */
export function checkSubscriberAccess(ctx: AccessContext, user: ReadUser, channel: ChannelState, subscribed: boolean): void {
  if (channel.isWebPublic) return;
  if (isGuest(user) && subscribed) return;
  if (isGuest(user) && !channel.inviteOnly) throw badRequest('Subscriber data is not available for this channel');
  if (isAdmin(user)) return;
  if (!hasMetadataAccess(ctx, user, channel, subscribed)) throw badRequest('Unable to retrieve subscribers for private channel');
}

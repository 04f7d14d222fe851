import type { Projector } from '../projection/projector';
import type { MessagesRepository } from '../projection/messages.repository';
import { evolveChannel, type ChannelEvent } from './channel.state';
import { evolveUserSubscriptions } from './user-subscriptions.state';
import { evolveSubscriptionHistory, subscriptionHistoryId } from '../messages/subscription-history.state';

const CHANNEL_EVENTS: readonly ChannelEvent['type'][] = [
  'channel.created.v1',
  'channel.subscribers_added.v1',
  'channel.subscribers_removed.v1',
  'channel.renamed.v1',
  'channel.description_changed.v1',
  'channel.permission_changed.v1',
  'channel.property_changed.v1',
  'channel.group_setting_changed.v1',
  'channel.archived.v1',
  'channel.unarchived.v1',
];

/** Channels by id, plus the name index, the channel id counter and each user's subscriptions. */
export const channelProjector = (repo: MessagesRepository): Projector => ({
  types: CHANNEL_EVENTS,
  async apply(event, envelope) {
    const channelEvent = event as ChannelEvent;
    const { channelId } = channelEvent.data;
    await repo.applyToChannel(channelId, envelope.sequence, (current) => evolveChannel(current, channelEvent, envelope.sequence));
    // Side documents are written idempotently (each checks its own version), so a replay that
    // skipped the channel document still completes them.
    switch (channelEvent.type) {
      case 'channel.created.v1':
        await repo.putChannelName(channelEvent.data.name, channelId);
        await repo.raiseLastId('channel_id', channelId);
        return;
      case 'channel.renamed.v1':
        await repo.moveChannelName(channelEvent.data.oldName, channelEvent.data.name, channelId);
        return;
      case 'channel.subscribers_added.v1':
      case 'channel.subscribers_removed.v1': {
        const userIds =
          channelEvent.type === 'channel.subscribers_added.v1'
            ? channelEvent.data.subscribers.map((s) => s.userId)
            : channelEvent.data.userIds;
        for (const userId of userIds) {
          const next = evolveUserSubscriptions(await repo.subscriptionsOf(userId), channelEvent, envelope.sequence);
          if (next) await repo.putSubscriptions(next);
          // Which message ids the user receives in this channel (access to protected history).
          const history = evolveSubscriptionHistory(
            await repo.subscriptionHistoryOf(userId, channelId),
            userId,
            channelEvent,
            envelope.sequence,
            await repo.lastMessageId(),
          );
          if (history)
            await repo.subscriptionHistory.replaceOne({ _id: subscriptionHistoryId(userId, channelId) }, history, { upsert: true });
        }
        return;
      }
    }
  },
});

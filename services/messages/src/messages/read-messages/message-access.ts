import { badRequest } from '@zulip-es/platform';
import { hasContentAccess, type AccessContext } from '../../channels/channel-access';
import { channelsContext } from '../../channels/channels-context';
import type { ChannelState } from '../../channels/channel.state';
import { activeSubscription, type UserSubscriptionsState } from '../../channels/user-subscriptions.state';
import type { MessagesRepository } from '../../projection/messages.repository';
import type { MessagesDeps } from '../../shared/messages-deps';
import type { ReadUser } from '../../users-read-model/users-read-model';
import type { MessageState } from '../message.state';
import { received, type SubscriptionHistoryState } from '../subscription-history.state';

/**
 * What one reader may see (Zulip's `has_message_access`): direct messages they take part in;
 * channel messages they received while subscribed (Zulip's UserMessage rows, kept here as
 * subscription intervals in message ids); and the whole history of a channel whose history is
 * public to subscribers, when they have content access to it (public channel and not a guest,
 * subscribed, web-public, or through the channel's groups). Channels and histories are loaded
 * once per request, by `_id`.
 */
export class MessageReader {
  private readonly channels = new Map<number, Promise<ChannelState | null>>();
  private readonly histories = new Map<number, Promise<SubscriptionHistoryState | null>>();

  constructor(
    private readonly repo: MessagesRepository,
    readonly user: ReadUser,
    private readonly access: AccessContext,
    readonly subscriptions: UserSubscriptionsState,
  ) {}

  /** A channel the caller has read already: not read again. */
  knowing(channel: ChannelState): this {
    this.channels.set(channel.channelId, Promise.resolve(channel));
    return this;
  }

  channel(channelId: number): Promise<ChannelState | null> {
    if (!this.channels.has(channelId)) this.channels.set(channelId, this.repo.channel(channelId));
    return this.channels.get(channelId)!;
  }

  private history(channelId: number): Promise<SubscriptionHistoryState | null> {
    if (!this.histories.has(channelId)) this.histories.set(channelId, this.repo.subscriptionHistoryOf(this.user.userId, channelId));
    return this.histories.get(channelId)!;
  }

  /** Whether the reader sees the channel's whole history (else only what they received). */
  async seesWholeChannel(channel: ChannelState): Promise<boolean> {
    const subscribed = activeSubscription(this.subscriptions, channel.channelId) !== undefined;
    return channel.historyPublicToSubscribers && hasContentAccess(this.access, this.user, channel, subscribed);
  }

  /** Keeps the ids of one channel's messages the reader may see. */
  async acceptInChannel(channelId: number, ids: number[]): Promise<number[]> {
    const channel = await this.channel(channelId);
    if (!channel) return [];
    if (await this.seesWholeChannel(channel)) return ids;
    const history = await this.history(channelId);
    return ids.filter((id) => received(history, id));
  }

  /** Whether the reader received the message (Zulip's UserMessage row): as a participant, or subscribed when it was sent. */
  async received(message: MessageState): Promise<boolean> {
    const { conversation } = message;
    if (conversation.type === 'direct') return conversation.userIds.includes(this.user.userId);
    return received(await this.history(conversation.channelId), message.messageId);
  }

  async canRead(message: MessageState): Promise<boolean> {
    const { conversation } = message;
    if (conversation.type === 'direct') return conversation.userIds.includes(this.user.userId);
    return (await this.acceptInChannel(conversation.channelId, [message.messageId])).length === 1;
  }
}

/** The reader a caller is: their user, what channels they may see and their subscriptions. */
export async function readerFor({ repo, users }: Pick<MessagesDeps, 'repo' | 'users'>, actorId: number | null): Promise<MessageReader> {
  const ctx = channelsContext(users, actorId);
  return new MessageReader(repo, ctx.actor, ctx, await repo.subscriptionsOf(ctx.actor.userId));
}

/** Zulip's `access_message`: a message the caller may read, else its `Invalid message(s)` (whether it exists or not). */
export async function accessMessage(
  deps: Pick<MessagesDeps, 'repo' | 'users'>,
  actorId: number | null,
  messageId: number,
): Promise<{ reader: MessageReader; message: MessageState }> {
  const reader = await readerFor(deps, actorId);
  const message = await deps.repo.message(messageId);
  if (!message || !(await reader.canRead(message))) throw badRequest('Invalid message(s)');
  return { reader, message };
}

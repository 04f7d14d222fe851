import { Controller, Inject } from '@nestjs/common';
import { sendMessage } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type OperationContext } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import type { ReadUser } from '../../users-read-model/users-read-model';
import { buildAddressee, type Addressee } from './addressee';
import { decideSendMessage, sendMessageReplyFrom, type SendDecision, type SendState } from './send-message.decide';
import type { ChannelState } from '../../channels/channel.state';
import { listSummary, type ListReader } from '../message-lists/message-list';
import { restrictsTopicCreation } from '../topic-creation';
import { ListKeys } from '../message.state';
import { mentionsTopicWildcard, WILDCARD_MENTION_THRESHOLD } from '../wildcard-mentions';
import { participantIds } from '../topic-participants.state';
import { normalizeTopic } from './message-text';
import { linkedUploads } from '../../attachments/linked-uploads';
import { uploadPathIds } from '../../attachments/upload-links';
import { MessageReader } from '../read-messages/message-access';
import { renderContextFor } from '../../rendering/render-context';
import type { RenderContext } from '@zulip-es/zulip-markdown';

/** Zulip's client name when a request names none (no `client` parameter, no User-Agent). */
export const UNSPECIFIED_CLIENT = 'Unspecified';

@Controller()
export class SendMessageHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  @CommandPattern(sendMessage, { replyFrom: sendMessageReplyFrom })
  async sendMessage({ actorId, client, data, now }: OperationContext<typeof sendMessage>): Promise<Decision> {
    const { deps } = this;
    const ctx = channelsContext(deps.users, actorId);
    return sendAs(deps, ctx.actor, buildAddressee(data), data.content, client ?? UNSPECIFIED_CLIENT, now, data.read_by_sender);
  }
}

/** Loads what sending needs and decides: for the REST API and for system bots (Notification Bot). */
/** `readBySender`: the request's `read_by_sender`; absent, Zulip's rule for the client decides. */
export async function sendAs(
  deps: MessagesDeps,
  sender: ReadUser,
  addressee: Addressee,
  content: string,
  client: string,
  now: Date,
  readBySender?: boolean,
): Promise<SendDecision> {
  const { repo, users } = deps;
  const ctx = channelsContext(users, sender.userId);
  const groupIds = addressee.kind === 'direct' ? directUserIds(users, sender, addressee) : null;
  // Only a group conversation has a number (a store read each, so not for other messages).
  const isGroup = groupIds !== null && groupIds.length > 2;
  const [channel, senderSubscriptions, { lastMessageId, version: messagesVersion }, dmGroupNo, lastDmGroupNo] = await Promise.all([
    addressee.kind === 'channel'
      ? 'id' in addressee.channel
        ? repo.ownedChannel(addressee.channel.id)
        : repo.ownedChannelByName(addressee.channel.name)
      : null,
    repo.ownedSubscriptionsOf(sender.userId),
    repo.ownedMessagesCounters(),
    isGroup ? repo.dmGroupNo(groupIds) : null,
    isGroup ? repo.lastDmGroupNo() : null,
  ]);
  const lists = repo.listCache.readerAt(messagesVersion);
  const render = await renderContextFor(deps, ctx, sender, content, lists);
  const wildcardAudience =
    channel && addressee.kind === 'channel' && content.includes('@**')
      ? await audienceOf(deps, channel, addressee.topic, content, render)
      : undefined;
  const topicExists =
    channel && addressee.kind === 'channel' && restrictsTopicCreation(channel)
      ? await hasMessages(lists, channel, addressee.topic)
      : undefined;
  const realmHost = ctx.realm.host;
  const uploads =
    uploadPathIds(content, realmHost).length > 0
      ? await linkedUploads(deps, new MessageReader(repo, sender, ctx, senderSubscriptions), content, realmHost)
      : undefined;
  return decideSendMessage(
    { addressee, content, client, readBySender },
    {
      ctx,
      sender,
      channel,
      senderSubscriptions,
      lastMessageId,
      messagesVersion,
      dmGroupNo,
      lastDmGroupNo,
      wildcardAudience,
      topicExists,
      linkedUploads: uploads,
      alertWords: deps.alertWords?.index,
      render,
    },
    now,
  );
}

/** Whether the topic (as decide will name it) has messages; an invalid topic is decide's to refuse. */
async function hasMessages(lists: ListReader, channel: ChannelState, rawTopic: string): Promise<boolean | undefined> {
  let topic: string;
  try {
    topic = normalizeTopic(rawTopic);
  } catch {
    return undefined;
  }
  return ((await listSummary(lists, ListKeys.topic(channel.channelId, topic)))?.count ?? 0) > 0;
}

/**
 * Who a wildcard mention in this channel and topic reaches: active subscribers, and the topic's
 * distinct senders, read (one document) only when the content mentions the topic.
 */
async function audienceOf(
  deps: MessagesDeps,
  channel: ChannelState,
  rawTopic: string,
  content: string,
  render: RenderContext,
): Promise<SendState['wildcardAudience']> {
  let topic: string;
  try {
    topic = normalizeTopic(rawTopic);
  } catch {
    return undefined; // decide refuses the topic
  }
  const topicParticipantIds = mentionsTopicWildcard(content, render)
    ? participantIds(await deps.repo.topicParticipantsOf(channel.channelId, topic))
    : undefined;
  return {
    channelSubscribers: channel.subscriberIds.filter((id) => deps.users.user(id)?.isActive).length,
    ...(topicParticipantIds ? { topicParticipantIds } : {}),
    threshold: deps.wildcardMentionThreshold ?? WILDCARD_MENTION_THRESHOLD,
  };
}

/** The participants named, when all are known (decide reports unknown ones). */
function directUserIds(users: MessagesDeps['users'], sender: ReadUser, addressee: Extract<Addressee, { kind: 'direct' }>): number[] | null {
  const found =
    'emails' in addressee.recipients
      ? addressee.recipients.emails.map((e) => users.userByApiEmail(e)?.userId)
      : addressee.recipients.userIds;
  if (found.some((id) => id === undefined)) return null;
  return [...new Set([sender.userId, ...(found as number[])])].sort((a, b) => a - b);
}

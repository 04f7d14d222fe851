import { VisibilityPolicy, type UnreadMessageDetails } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import type { ChannelsContext } from '../../channels/channels-context';
import { MessageReader } from '../../messages/read-messages/message-access';
import { taggedIdsAmong } from '../../messages/message-lists/message-list';
import type { MessagesRepository } from '../../projection/messages.repository';
import { received } from '../../messages/subscription-history.state';
import { policyOf } from '../../user-topics/user-topics.state';
import { settingsOf } from '../../channels/subscription-settings/subscription-settings.state';
import { receivedRunAmong, type Received } from '../received-messages';
import type { UnreadView } from '../unread-view';
import { FlagLists } from '../user-flags.state';
import type { ChangeTargets } from './update-flags.decide';
import type { FlagChange } from './flag-change';

/** What a flag change of these messages finds: its targets, and the channels Zulip ignores for marking unread. */
export interface FoundTargets {
  targets: ChangeTargets;
  ignoredChannelIds?: number[];
}

const invalid = () => badRequest('Invalid message(s)');

/**
 * Zulip's `do_update_message_flags`, what it reads: which of `ids` have the flag, and which it
 * may change. `read` is judged from the user's lists (no message document); marking unread
 * keeps to the channels the user is subscribed to (the others are ignored, and named), and
 * `starred`/`collapsed` need access to the messages they add the flag to.
 */
export async function findTargets(
  repo: MessagesRepository,
  ctx: ChannelsContext,
  view: UnreadView,
  change: FlagChange,
  ids: readonly number[],
): Promise<FoundTargets> {
  const requested = [...new Set(ids)].sort((a, b) => a - b);
  if (change.flag === 'read') return change.op === 'add' ? readTargets(view, requested) : unreadTargets(repo, ctx, view, requested);
  const list = FlagLists[change.flag](view.userId);
  const flagged = new Set((await taggedIdsAmong(repo.lists, list, requested)).map((e) => e.id));
  if (change.op === 'add')
    await checkAccess(
      repo,
      ctx,
      requested.filter((id) => !flagged.has(id)),
    );
  return { targets: { eligible: requested, flagged } };
}

async function readTargets(view: UnreadView, requested: number[]): Promise<FoundTargets> {
  const unread = await view.unreadAmong(requested);
  return { targets: { eligible: requested, flagged: new Set(requested.filter((id) => !unread.has(id))) } };
}

/** Every one of `ids` must exist and be readable by the user, else Zulip's `Invalid message(s)`. */
async function checkAccess(repo: MessagesRepository, ctx: ChannelsContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const reader = new MessageReader(repo, ctx.actor, ctx, await repo.subscriptionsOf(ctx.actor.userId));
  const messages = await repo.messagesByIds(ids);
  if (messages.length !== ids.length) throw invalid();
  for (const message of messages) if (!(await reader.canRead(message))) throw invalid();
}

/**
 * Marking unread: messages of the user's subscribed channels (received or, where the channel's
 * history is shared, not) and of their direct conversations. A message of a channel they are not
 * subscribed to is ignored, as Zulip keeps every unread message in a subscribed channel.
 */
async function unreadTargets(repo: MessagesRepository, ctx: ChannelsContext, view: UnreadView, requested: number[]): Promise<FoundTargets> {
  const run = await receivedRunAmong(repo.lists, view.sources, requested, false);
  const placed = run.received();
  const found = new Set(placed.map((m) => m.id));
  const ignoredChannelIds = await ignoredChannels(
    repo,
    ctx,
    requested.filter((id) => !found.has(id)),
  );
  await checkHistoryAccess(repo, view, placed);
  const eligible = placed.map((m) => m.id);
  const unread = await view.unreadAmong(eligible);
  const mentioning = await view.mentioning(run);
  const [userTopics, settings] = await Promise.all([repo.userTopicsOf(view.userId), repo.subscriptionSettingsOf(view.userId)]);
  const muted = (channelId: number, topic: string) =>
    isRowMuted(settingsOf(settings, channelId).is_muted === true, policyOf(userTopics, channelId, topic));
  const details = new Map(placed.map((m) => [m.id, detailsOf(m, mentioning.has(m.id), muted)]));
  return { targets: { eligible, flagged: new Set(eligible.filter((id) => !unread.has(id))), details }, ignoredChannelIds };
}

/** Messages in none of the user's lists: of a channel they are not subscribed to (ignored), else not theirs to mark. */
async function ignoredChannels(repo: MessagesRepository, ctx: ChannelsContext, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  await checkAccess(repo, ctx, ids);
  const messages = await repo.messagesByIds(ids);
  return [...new Set(messages.flatMap((m) => (m.conversation.type === 'channel' ? [m.conversation.channelId] : [])))].sort((a, b) => a - b);
}

/** A message the user did not receive in a channel whose history is not shared is not theirs to mark. */
async function checkHistoryAccess(repo: MessagesRepository, view: UnreadView, placed: readonly Received[]): Promise<void> {
  const channelIds = new Set(placed.flatMap((m) => (m.place.type === 'channel' ? [m.place.channelId] : [])));
  for (const channelId of channelIds) {
    const channel = await repo.channel(channelId);
    if (channel?.historyPublicToSubscribers) continue;
    const history = view.sources.channels.find((c) => c.channelId === channelId)?.history ?? null;
    if (placed.some((m) => m.place.type === 'channel' && m.place.channelId === channelId && !received(history, m.id))) throw invalid();
  }
}

/** Zulip's `message_details` entry: where the message is, whether it mentions the user, and whether it is muted for them. */
function detailsOf(message: Received, mentioned: boolean, muted: (channelId: number, topic: string) => boolean): UnreadMessageDetails {
  if (message.place.type === 'direct') return { type: 'private', userIds: message.place.userIds, mentioned };
  const { channelId, topic } = message.place;
  return { type: 'stream', channelId, topic, mentioned, unmutedStreamMsg: !muted(channelId, topic) };
}

/**
 * Zulip's `is_row_muted`: a muted channel's topic is muted unless the user unmuted or followed it;
 * another channel's topic only when the user muted it.
 */
export function isRowMuted(channelMuted: boolean, visibilityPolicy: number): boolean {
  if (channelMuted) return visibilityPolicy !== VisibilityPolicy.UNMUTED && visibilityPolicy !== VisibilityPolicy.FOLLOWED;
  return visibilityPolicy === VisibilityPolicy.MUTED;
}

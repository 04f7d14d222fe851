import { Controller, Inject } from '@nestjs/common';
import { getReadReceipts, type ReplyOf } from '@zulip-es/contracts';
import { badRequest, type OperationContext, QueryPattern } from '@zulip-es/platform';
import { FlagLists } from '../../flags/user-flags.state';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { taggedIdsAmong } from '../message-lists/message-list';
import type { MessageState } from '../message.state';
import { received } from '../subscription-history.state';
import { accessMessage } from '../read-messages/message-access';
import { hasRead, hiddenByMuting } from './read-receipts';

/** How many users' documents are read at once. */
const PARALLEL_READS = 64;

async function inBatches<T, R>(items: readonly T[], each: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL_READS) results.push(...(await Promise.all(items.slice(i, i + PARALLEL_READS).map(each))));
  return results;
}

/** The users who received the message: its direct conversation, or those subscribed to its channel when it was sent (or moved in). */
async function recipientsOf({ repo }: MessagesDeps, message: MessageState, candidates: number[]): Promise<number[]> {
  const { conversation } = message;
  if (conversation.type === 'direct') return conversation.userIds.filter((id) => candidates.includes(id));
  const histories = await inBatches(candidates, (userId) => repo.subscriptionHistoryOf(userId, conversation.channelId));
  return candidates.filter((_, i) => received(histories[i]!, message.messageId));
}

@Controller()
export class ReadReceiptsHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /**
   * GET /messages/{message_id}/read_receipts: Zulip checks access to the message first, then
   * whether the organization has read receipts on. Only active users who share read receipts and
   * received the message appear, never its sender.
   */
  @QueryPattern(getReadReceipts)
  async getReadReceipts({ actorId, data }: OperationContext<typeof getReadReceipts>): Promise<ReplyOf<typeof getReadReceipts>> {
    const { deps } = this;
    const { reader, message } = await accessMessage(deps, actorId, data.message_id);
    if (!deps.users.realm!.enableReadReceipts) throw badRequest('Read receipts are disabled in this organization.');
    const { repo, users } = deps;
    const candidates = users
      .allUsers()
      .filter((u) => u.isActive && u.userId !== message.senderId && users.sendsReadReceipts(u.userId))
      .map((u) => u.userId);
    const recipients = await recipientsOf(deps, message, candidates);
    const caller = await repo.mutedUsersOf(reader.user.userId);
    const readers = await inBatches(recipients, async (userId) => {
      const [flags, muted] = await Promise.all([repo.userFlagsOf(userId), repo.mutedUsersOf(userId)]);
      if (hiddenByMuting(muted, caller)) return null;
      const inUnreadList = async () => (await taggedIdsAmong(repo.lists, FlagLists.unread(userId), [message.messageId])).length > 0;
      return (await hasRead({ userId, flags, muted }, message, inUnreadList)) ? userId : null;
    });
    return { user_ids: readers.filter((id): id is number => id !== null) };
  }
}

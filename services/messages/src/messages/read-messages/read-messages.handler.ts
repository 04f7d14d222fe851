import { Controller, Inject } from '@nestjs/common';
import { topicLinks } from '@zulip-es/zulip-markdown';
import { getMessage, getMessages, type MessageReply, type ReplyOf } from '@zulip-es/contracts';
import { DomainError, type OperationContext, QueryPattern } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { idsBefore, idsFrom, type AcceptIds } from '../message-lists/message-list';
import { ListKeys, type MessageState } from '../message.state';
import { accessMessage, type MessageReader } from './message-access';
import { messageView, type MessageViewOptions } from './message-view';
import { checkRange, parseAnchor, postProcess, rangeQueries } from './message-window';
import type { NarrowPlan } from './narrow';
import { firstUnreadAnchor, readNarrow } from './narrow-reading';
import { readerFlags } from '../../flags/reader-flags';

async function render(
  deps: MessagesDeps,
  reader: MessageReader,
  messages: MessageState[],
  options: MessageViewOptions,
): Promise<MessageReply[]> {
  const names = new Map<number, string>();
  for (const m of messages) {
    if (m.conversation.type === 'channel' && !names.has(m.conversation.channelId))
      names.set(m.conversation.channelId, (await reader.channel(m.conversation.channelId))?.name ?? '');
  }
  const realm = deps.users.realm!;
  const flags = await readerFlags(deps.repo, reader, messages);
  const links = new Map<string, { url: string; text: string }[]>();
  const topicLinksOf = (topic: string) =>
    links.get(topic) ?? links.set(topic, topicLinks(topic, { linkifiers: deps.markdown.linkifiers })).get(topic)!;
  return messages.map((m) =>
    messageView(
      m,
      { realm, user: (id) => deps.users.user(id), channelName: (id) => names.get(id) ?? '', topicLinks: topicLinksOf },
      options,
      flags.get(m.messageId),
    ),
  );
}

/** One list to read and which of its ids the reader may see. */
interface Source {
  key: string;
  accept: (ids: number[]) => Promise<number[]>;
}

@Controller()
export class ReadMessagesHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** GET /messages/{message_id}: one message the caller may read, else Zulip's `Invalid message(s)`. */
  @QueryPattern(getMessage)
  async getMessage({ actorId, data }: OperationContext<typeof getMessage>): Promise<ReplyOf<typeof getMessage>> {
    const { deps } = this;
    const { reader, message } = await accessMessage(deps, actorId, data.message_id);
    const [view] = await render(deps, reader, [message], {
      applyMarkdown: data.apply_markdown,
      clientGravatar: false,
      allowEmptyTopicName: data.allow_empty_topic_name,
    });
    return { raw_content: message.content, message: view };
  }

  /** GET /messages: Zulip's range fetch (`anchor`, `num_before`, `num_after`) or `message_ids`, in a narrow. */
  @QueryPattern(getMessages)
  async getMessages({ actorId, data }: OperationContext<typeof getMessages>): Promise<ReplyOf<typeof getMessages>> {
    const { deps } = this;
    const options = {
      applyMarkdown: data.apply_markdown,
      clientGravatar: data.client_gravatar,
      allowEmptyTopicName: data.allow_empty_topic_name,
    };
    const reading = await readNarrow(deps, actorId, data.narrow);
    const { reader, plan, loaded, matching } = reading;

    if (data.message_ids !== undefined) {
      const used = (['anchor', 'num_before', 'num_after'] as const).filter((p) => data[p] !== undefined);
      if (used.length > 0)
        throw new DomainError('BAD_REQUEST', `Unsupported parameter combination: ${[...used, 'message_ids'].join(', ')}`, {
          parameters: [...used, 'message_ids'].join(', '),
        });
      const ids = await matching([...new Set(data.message_ids)].sort((a, b) => a - b));
      const found = ids.map((id) => loaded.get(id)!);
      const visible: MessageState[] = [];
      for (const m of found) if (await reader.canRead(m)) visible.push(m);
      return {
        messages: await render(deps, reader, visible, options),
        found_anchor: false,
        found_newest: false,
        found_oldest: false,
        history_limited: false,
      };
    }

    const parsed = parseAnchor(data.anchor, data.use_first_unread_anchor);
    const anchor = parsed.firstUnread ? await firstUnreadAnchor(deps, reading) : parsed;
    const window = await windowOf(deps, reader, plan, matching, {
      anchor,
      numBefore: data.num_before ?? 0,
      numAfter: data.num_after ?? 0,
      includeAnchor: data.include_anchor,
    });
    const messages = window.ids.map((id) => loaded.get(id)!).filter(Boolean);
    return {
      anchor: anchor.anchor,
      found_anchor: window.foundAnchor,
      found_newest: window.foundNewest,
      found_oldest: window.foundOldest,
      history_limited: false,
      messages: await render(deps, reader, messages, options),
    };
  }
}

export interface WindowRequest {
  anchor: ReturnType<typeof parseAnchor>;
  numBefore: number;
  numAfter: number;
  includeAnchor: boolean;
}

/**
 * Zulip's range of a narrow around an anchor: the ids of the messages the reader may see that
 * match it, `numBefore` before and `numAfter` after the anchor, and whether the range reached the
 * anchor, the newest and the oldest. `matching` keeps the ids whose messages match the narrow.
 */
export async function windowOf(
  deps: MessagesDeps,
  reader: MessageReader,
  plan: NarrowPlan,
  matching: (ids: number[]) => Promise<number[]>,
  request: WindowRequest,
): Promise<ReturnType<typeof postProcess>> {
  const { anchor, numBefore, numAfter, includeAnchor } = request;
  checkRange(numBefore, numAfter, includeAnchor);
  const sources = sourcesOf(plan, reader, matching);
  const queries = rangeQueries(anchor, numBefore, numAfter, includeAnchor);
  const found = new Set<number>();
  for (const source of await sources) {
    const accept: AcceptIds = source.accept;
    if (queries.before)
      for (const id of await idsBefore(deps.repo.lists, source.key, queries.before.atOrBelow + 1, queries.before.limit, accept))
        found.add(id);
    if (queries.after)
      for (const id of await idsFrom(deps.repo.lists, source.key, queries.after.atOrAbove, queries.after.limit, accept)) found.add(id);
  }
  // Several lists: keep what one list of all of them would have given.
  let ids = [...found].sort((a, b) => a - b);
  if (queries.before) {
    const below = ids.filter((id) => id <= queries.before!.atOrBelow).slice(-queries.before.limit);
    ids = [...below, ...ids.filter((id) => id > queries.before!.atOrBelow)];
  }
  if (queries.after) {
    const above = ids.filter((id) => id >= queries.after!.atOrAbove).slice(0, queries.after.limit);
    ids = [...ids.filter((id) => id < queries.after!.atOrAbove), ...above];
  }
  return postProcess(ids, anchor, numBefore, numAfter);
}

/**
 * The lists a narrow reads: the one it names, else the reader's own history (Zulip's default
 * view): the channels they are subscribed to and their direct messages.
 */
async function sourcesOf(plan: NarrowPlan, reader: MessageReader, matching: (ids: number[]) => Promise<number[]>): Promise<Source[]> {
  if (plan.source) {
    const { key, channelId } = plan.source;
    const accept = async (ids: number[]): Promise<number[]> =>
      matching(channelId === null ? ids : await reader.acceptInChannel(channelId, ids));
    return [{ key, accept }];
  }
  const sources: Source[] = [{ key: ListKeys.userDirect(reader.user.userId), accept: matching }];
  if (plan.channelsToo) {
    for (const sub of reader.subscriptions.subscriptions.filter((s) => s.active)) {
      sources.push({
        key: ListKeys.channel(sub.channelId),
        accept: async (ids) => matching(await reader.acceptInChannel(sub.channelId, ids)),
      });
    }
  }
  return sources;
}

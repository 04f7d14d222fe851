import { Controller, Inject } from '@nestjs/common';
import { markAllAsRead, markStreamAsRead, markTopicAsRead } from '@zulip-es/contracts';
import { badRequest, CommandPattern, type Decision, type OperationContext } from '@zulip-es/platform';
import { accessChannelById } from '../../channels/channel-lookup';
import { channelsContext } from '../../channels/channels-context';
import { idsFrom } from '../../messages/message-lists/message-list';
import { ListKeys } from '../../messages/message.state';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { storedTopicName } from '../../user-topics/user-topics.state';
import { UnreadView } from '../unread-view';
import { flagsStateOf } from '../update-flags/update-flags.handler';
import { decideMarkAllRead, decideMarkScopeRead, type ReadScope } from './mark-read.decide';

/** The user's unread messages of a channel (or topic) read, after Zulip's `access_stream_by_id`. */
async function markScopeRead(deps: MessagesDeps, actorId: number | null, scope: ReadScope, check?: (view: UnreadView) => Promise<void>) {
  const ctx = channelsContext(deps.users, actorId);
  const [channel, subscriptions] = await Promise.all([deps.repo.channel(scope.channelId), deps.repo.subscriptionsOf(ctx.actor.userId)]);
  accessChannelById(ctx, channel, subscriptions, { requireContentAccess: true });
  const view = await UnreadView.load(deps.repo, ctx.actor.userId);
  await check?.(view);
  const [state, unread] = await Promise.all([flagsStateOf(deps, view), view.all(await deps.repo.lastMessageId())]);
  return decideMarkScopeRead(state, scope, unread.run.received());
}

@Controller()
export class MarkReadHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** POST /mark_all_as_read → `{complete: true}`: one step here, so always complete. */
  @CommandPattern(markAllAsRead, { replyFrom: () => ({ complete: true }) })
  async markAllAsRead({ actorId }: OperationContext<typeof markAllAsRead>): Promise<Decision> {
    const { deps } = this;
    const ctx = channelsContext(deps.users, actorId);
    const [flags, lastMessageId] = await Promise.all([deps.repo.userFlagsOf(ctx.actor.userId), deps.repo.lastMessageId()]);
    return {
      events: decideMarkAllRead({ userId: ctx.actor.userId, version: flags?.version ?? 0, lastMessageId }),
      reply: { complete: true },
    };
  }

  /** POST /mark_stream_as_read. */
  @CommandPattern(markStreamAsRead)
  async markStreamAsRead({ actorId, data }: OperationContext<typeof markStreamAsRead>): Promise<Decision> {
    const { deps } = this;
    return { events: await markScopeRead(deps, actorId, { channelId: data.stream_id }), reply: {} };
  }

  /** POST /mark_topic_as_read: a named topic must hold a message the user received (Zulip's `No such topic '…'`). */
  @CommandPattern(markTopicAsRead)
  async markTopicAsRead({ actorId, data }: OperationContext<typeof markTopicAsRead>): Promise<Decision> {
    const { deps } = this;
    const topic = storedTopicName(data.topic_name);
    const scope = { channelId: data.stream_id, topic };
    const check = async (view: UnreadView) => {
      if (data.topic_name === '') return;
      const history = view.sources.channels.find((c) => c.channelId === data.stream_id)?.history ?? null;
      const received = (ids: number[]) =>
        ids.filter((id) => history?.intervals.some((i) => id >= i.from && (i.to === null || id <= i.to)) || history?.movedIn?.includes(id));
      const first = await idsFrom(deps.repo.lists, ListKeys.topic(data.stream_id, topic), 0, 1, received);
      if (first.length === 0) throw badRequest(`No such topic '${data.topic_name}'`);
    };
    return { events: await markScopeRead(deps, actorId, scope, check), reply: {} };
  }
}

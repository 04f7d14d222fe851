import { Controller, Inject } from '@nestjs/common';
import { updateMessageFlags, type OperationData } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext, type RecordedEvents, type ReplyBody } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { UnreadView } from '../unread-view';
import { checkFlagChange, type FlagChange } from './flag-change';
import { findTargets } from './flag-targets';
import { decideFlagChange, isFlagsUpdate, type FlagsState } from './update-flags.decide';

type UpdateFlags = OperationData<typeof updateMessageFlags>;

/** A user's flags as a command reads them: their flags document, and what they received unread since it was last recorded. */
export async function flagsStateOf(deps: MessagesDeps, view: UnreadView): Promise<FlagsState> {
  const lastMessageId = await deps.repo.lastMessageId();
  const unrecorded = await view.unrecorded(lastMessageId);
  return {
    userId: view.userId,
    version: view.flags.version,
    recordedThrough: view.flags.recordedThrough,
    lastMessageId,
    unrecorded: Array.from(unrecorded.ids),
  };
}

/** One flag change of a user's on messages, decided as Zulip's `do_update_message_flags`. */
export async function changeFlags(deps: MessagesDeps, actorId: number | null, change: FlagChange, messageIds: readonly number[]) {
  const ctx = channelsContext(deps.users, actorId);
  const view = await UnreadView.load(deps.repo, ctx.actor.userId);
  const [state, found] = await Promise.all([flagsStateOf(deps, view), findTargets(deps.repo, ctx, view, change, messageIds)]);
  return { events: decideFlagChange(change, state, found.targets), found };
}

/** The reply of a flag change already applied: the messages it changed. */
function changedFlagsReply(events: RecordedEvents): ReplyBody {
  return { messages: events.flatMap((e) => (isFlagsUpdate(e) ? (e.data.messageIds as number[]) : [])) };
}

@Controller()
export class UpdateFlagsHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** POST /messages/flags → `{messages}` (the ids given; `ignored_because_not_subscribed_channels` when marking unread). */
  @CommandPattern(updateMessageFlags, {
    replyFrom: changedFlagsReply,
  })
  async updateFlags({ actorId, data }: MessageContext<UpdateFlags>): Promise<Decision> {
    const { deps } = this;
    const change = checkFlagChange(data.flag, data.op);
    const { events, found } = await changeFlags(deps, actorId, change, data.messages);
    const ignored =
      change.flag === 'read' && change.op === 'remove' ? { ignored_because_not_subscribed_channels: found.ignoredChannelIds ?? [] } : {};
    return { events, reply: { messages: data.messages, ...ignored } };
  }
}

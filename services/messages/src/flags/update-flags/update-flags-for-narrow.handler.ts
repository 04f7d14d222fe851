import { Controller, Inject } from '@nestjs/common';
import { MAX_MESSAGES_PER_FLAGS_UPDATE, updateMessageFlagsForNarrow, type OperationData } from '@zulip-es/contracts';
import { badRequest, CommandPattern, type Decision, type MessageContext, type RecordedEvents, type ReplyBody } from '@zulip-es/platform';
import { parseAnchor } from '../../messages/read-messages/message-window';
import { firstUnreadAnchor, readNarrow } from '../../messages/read-messages/narrow-reading';
import { windowOf } from '../../messages/read-messages/read-messages.handler';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { checkFlagChange } from './flag-change';
import { changeFlags } from './update-flags.handler';
import { isFlagsUpdate } from './update-flags.decide';

type UpdateFlagsForNarrow = OperationData<typeof updateMessageFlagsForNarrow>;

/**
 * Zulip's clamp of `update_message_flags_for_narrow`: `num_before + num_after` at most
 * MAX_MESSAGES_PER_FLAGS_UPDATE, `num_before` keeping at least half of it when both ask more.
 */
export function clampRange(numBefore: number, numAfter: number): { numBefore: number; numAfter: number } {
  const before = Math.min(numBefore, Math.max(MAX_MESSAGES_PER_FLAGS_UPDATE - numAfter, MAX_MESSAGES_PER_FLAGS_UPDATE / 2));
  return { numBefore: before, numAfter: Math.min(numAfter, MAX_MESSAGES_PER_FLAGS_UPDATE - before) };
}

/** A redelivered command is answered from its events: what it changed (the window is not kept). */
function narrowFlagsReply(events: RecordedEvents): ReplyBody {
  const ids = events.flatMap((e) => (isFlagsUpdate(e) ? (e.data.messageIds as number[]) : []));
  return {
    processed_count: ids.length,
    updated_count: ids.length,
    first_processed_id: ids[0] ?? null,
    last_processed_id: ids.at(-1) ?? null,
    found_oldest: false,
    found_newest: false,
  };
}

@Controller()
export class UpdateFlagsForNarrowHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /**
   * POST /messages/flags/narrow: the flag changed on the messages of a narrow's window (as
   * GET /messages would find them), answered with what it processed and changed.
   */
  @CommandPattern(updateMessageFlagsForNarrow, { replyFrom: narrowFlagsReply })
  async updateFlagsForNarrow({ actorId, data }: MessageContext<UpdateFlagsForNarrow>): Promise<Decision> {
    const { deps } = this;
    const parsed = parseAnchor(data.anchor, false);
    if (data.num_before > 0 && data.num_after > 0 && !data.include_anchor)
      throw badRequest('The anchor can only be excluded at an end of the range');
    const change = checkFlagChange(data.flag, data.op);
    const reading = await readNarrow(deps, actorId, data.narrow ?? []);
    const anchor = parsed.firstUnread ? await firstUnreadAnchor(deps, reading) : parsed;
    const range = clampRange(data.num_before, data.num_after);
    const window = await windowOf(deps, reading.reader, reading.plan, reading.matching, {
      anchor,
      ...range,
      includeAnchor: data.include_anchor,
    });
    const { events } = await changeFlags(deps, actorId, change, window.ids);
    const updated = events.find((e) => isFlagsUpdate(e));
    const reply = {
      processed_count: window.ids.length,
      updated_count: updated ? (updated.data.messageIds as number[]).length : 0,
      first_processed_id: window.ids[0] ?? null,
      last_processed_id: window.ids.at(-1) ?? null,
      found_oldest: window.foundOldest,
      found_newest: window.foundNewest,
    };
    return { events, reply };
  }
}

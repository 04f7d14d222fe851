import { Controller, Inject } from '@nestjs/common';
import { addAlertWords, getAlertWords, removeAlertWords, type ReplyOf } from '@zulip-es/contracts';
import {
  CommandPattern,
  QueryPattern,
  type Decision,
  type OperationContext,
  type RecordedEvents,
  type ReplyBody,
} from '@zulip-es/platform';
import { channelsContext } from '../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../shared/messages-deps';
import { decideAddAlertWords, decideRemoveAlertWords } from './alert-words.decide';

/** The reply of a change already applied: the whole list after it. */
function wordsOf(events: RecordedEvents): ReplyBody {
  return { alert_words: (events[0]?.data.alertWords as string[] | undefined) ?? [] };
}

@Controller()
export class AlertWordsHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** GET /users/me/alert_words. */
  @QueryPattern(getAlertWords)
  async getAlertWords({ actorId }: OperationContext<typeof getAlertWords>): Promise<ReplyOf<typeof getAlertWords>> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    return { alert_words: (await repo.alertWordsOf(ctx.actor.userId)).words };
  }

  /** POST /users/me/alert_words → the whole list after the change. */
  @CommandPattern(addAlertWords, { replyFrom: wordsOf })
  addAlertWords({ actorId, data }: OperationContext<typeof addAlertWords>): Promise<Decision> {
    return this.change(actorId, data.alert_words, decideAddAlertWords);
  }

  /** DELETE /users/me/alert_words → the whole list after the change. */
  @CommandPattern(removeAlertWords, { replyFrom: wordsOf })
  removeAlertWords({ actorId, data }: OperationContext<typeof removeAlertWords>): Promise<Decision> {
    return this.change(actorId, data.alert_words, decideRemoveAlertWords);
  }

  private async change(
    actorId: number | null,
    words: string[],
    decide: typeof decideAddAlertWords | typeof decideRemoveAlertWords,
  ): Promise<Decision> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const { events, words: after } = decide(await repo.alertWordsOf(ctx.actor.userId), words);
    return { events, reply: { alert_words: after } };
  }
}

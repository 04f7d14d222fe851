import { addAlertWords, getAlertWords, removeAlertWords, type OperationData } from '@zulip-es/contracts';
import type { CommandHandler, QueryHandler } from '@zulip-es/platform';
import { channelsContext } from '../channels/channels-context';
import type { MessagesDeps } from '../shared/messages-deps';
import { decideAddAlertWords, decideRemoveAlertWords } from './alert-words.decide';

const wordsOf = (events: { data: Record<string, unknown> }[]) => ({
  alert_words: (events[0]?.data.alertWords as string[] | undefined) ?? [],
});

/** GET /users/me/alert_words. */
export function getAlertWordsHandler(deps: MessagesDeps): QueryHandler<OperationData<typeof getAlertWords>> {
  return {
    kind: 'query',
    schema: getAlertWords.params,
    async handle({ actorId }) {
      const ctx = channelsContext(deps.users, actorId);
      return { alert_words: (await deps.repo.alertWordsOf(ctx.actor.userId)).words };
    },
  };
}

type AlertWordsChange = OperationData<typeof addAlertWords> | OperationData<typeof removeAlertWords>;
type DecideChange = typeof decideAddAlertWords | typeof decideRemoveAlertWords;

/** A change of the caller's alert words → the whole list after it. */
function changeHandler(
  deps: MessagesDeps,
  operation: typeof addAlertWords | typeof removeAlertWords,
  decide: DecideChange,
): CommandHandler<AlertWordsChange> {
  return {
    kind: 'command',
    schema: operation.params,
    async handle({ actorId, data }) {
      const ctx = channelsContext(deps.users, actorId);
      const { events, words } = decide(await deps.repo.alertWordsOf(ctx.actor.userId), data.alert_words);
      return { events, reply: { alert_words: words } };
    },
    replyFrom: wordsOf,
  };
}

/** POST /users/me/alert_words. */
export const addAlertWordsHandler = (deps: MessagesDeps): CommandHandler<OperationData<typeof addAlertWords>> =>
  changeHandler(deps, addAlertWords, decideAddAlertWords);

/** DELETE /users/me/alert_words. */
export const removeAlertWordsHandler = (deps: MessagesDeps): CommandHandler<OperationData<typeof removeAlertWords>> =>
  changeHandler(deps, removeAlertWords, decideRemoveAlertWords);

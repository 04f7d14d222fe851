import { addAlertWords, getAlertWords, removeAlertWords, type OperationData } from '@zulip-es/contracts';
import type { CommandHandler, QueryHandler } from '@zulip-es/platform';
import { channelsContext } from '../channels/channels-context';
import type { MessagesDeps } from '../shared/messages-deps';
import { decideAddAlertWords, decideRemoveAlertWords } from './alert-words.decide';

const wordsOf = (events: { data: Record<string, unknown> }[]) => ({ alert_words: (events[0]?.data.alertWords as string[] | undefined) ?? [] });

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

/** POST /users/me/alert_words → the whole list after. */
export function addAlertWordsHandler(deps: MessagesDeps): CommandHandler<OperationData<typeof addAlertWords>> {
  return {
    kind: 'command',
    schema: addAlertWords.params,
    async handle({ actorId, data }) {
      const ctx = channelsContext(deps.users, actorId);
      const { events, words } = decideAddAlertWords(await deps.repo.alertWordsOf(ctx.actor.userId), data.alert_words);
      return { events, reply: { alert_words: words } };
    },
    replyFrom: wordsOf,
  };
}

/** DELETE /users/me/alert_words → the whole list after. */
export function removeAlertWordsHandler(deps: MessagesDeps): CommandHandler<OperationData<typeof removeAlertWords>> {
  return {
    kind: 'command',
    schema: removeAlertWords.params,
    async handle({ actorId, data }) {
      const ctx = channelsContext(deps.users, actorId);
      const { events, words } = decideRemoveAlertWords(await deps.repo.alertWordsOf(ctx.actor.userId), data.alert_words);
      return { events, reply: { alert_words: words } };
    },
    replyFrom: wordsOf,
  };
}

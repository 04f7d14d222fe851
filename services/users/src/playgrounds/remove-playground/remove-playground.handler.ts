import { removeCodePlayground } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { noPlaygrounds } from '../playgrounds.state';
import { decideRemovePlayground, type RemoveCodePlayground } from './remove-playground.decide';

export function removePlaygroundHandler({ repo }: UsersDeps): CommandHandler<RemoveCodePlayground> {
  return {
    kind: 'command',
    schema: removeCodePlayground.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      return { events: decideRemovePlayground(data, { actor, playgrounds: (await repo.playgroundList()) ?? noPlaygrounds() }), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

import { addCodePlayground } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { noPlaygrounds } from '../playgrounds.state';
import { decideAddPlayground, type AddCodePlayground } from './add-playground.decide';

export function addPlaygroundHandler({ repo }: UsersDeps): CommandHandler<AddCodePlayground> {
  return {
    kind: 'command',
    schema: addCodePlayground.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const events = decideAddPlayground(data, { actor, playgrounds: (await repo.playgroundList()) ?? noPlaygrounds() });
      return { events, reply: { id: events[0]!.data.playgroundId } };
    },
    replyFrom: (events) => ({ id: events[0]!.data.playgroundId }),
  };
}

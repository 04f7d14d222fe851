import { addLinkifier } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { noLinkifiers } from '../linkifiers.state';
import { decideAddLinkifier, type AddLinkifier } from './add-linkifier.decide';

export function addLinkifierHandler({ repo }: UsersDeps): CommandHandler<AddLinkifier> {
  return {
    kind: 'command',
    schema: addLinkifier.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const events = decideAddLinkifier(data, { actor, linkifiers: (await repo.linkifierList()) ?? noLinkifiers() });
      return { events, reply: { id: events[0].data.linkifierId } };
    },
    replyFrom: (events) => ({ id: events[0].data.linkifierId }),
  };
}

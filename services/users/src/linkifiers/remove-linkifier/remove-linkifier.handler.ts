import { removeLinkifier } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { noLinkifiers } from '../linkifiers.state';
import { decideRemoveLinkifier, type RemoveLinkifier } from './remove-linkifier.decide';

export function removeLinkifierHandler({ repo }: UsersDeps): CommandHandler<RemoveLinkifier> {
  return {
    kind: 'command',
    schema: removeLinkifier.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      return { events: decideRemoveLinkifier(data, { actor, linkifiers: (await repo.linkifierList()) ?? noLinkifiers() }), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

import { updateLinkifier } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { noLinkifiers } from '../linkifiers.state';
import { decideUpdateLinkifier, type UpdateLinkifier } from './update-linkifier.decide';

export function updateLinkifierHandler({ repo }: UsersDeps): CommandHandler<UpdateLinkifier> {
  return {
    kind: 'command',
    schema: updateLinkifier.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      return { events: decideUpdateLinkifier(data, { actor, linkifiers: (await repo.linkifierList()) ?? noLinkifiers() }), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

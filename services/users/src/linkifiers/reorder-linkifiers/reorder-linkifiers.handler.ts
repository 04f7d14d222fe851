import { reorderLinkifiers } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { noLinkifiers } from '../linkifiers.state';
import { decideReorderLinkifiers, type ReorderLinkifiers } from './reorder-linkifiers.decide';

export function reorderLinkifiersHandler({ repo }: UsersDeps): CommandHandler<ReorderLinkifiers> {
  return {
    kind: 'command',
    schema: reorderLinkifiers.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      return { events: decideReorderLinkifiers(data, { actor, linkifiers: (await repo.linkifierList()) ?? noLinkifiers() }), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

import { getLinkifiers, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { linkifierDict } from '../linkifiers.state';

/** E16: any user of the organization reads the list, in processing order. */
export function getLinkifiersHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getLinkifiers>> {
  return {
    kind: 'query',
    schema: getLinkifiers.params,
    async handle({ actorId }) {
      await loadActor(repo, actorId);
      const state = await repo.linkifierList();
      return { linkifiers: (state?.linkifiers ?? []).map(linkifierDict) };
    },
  };
}

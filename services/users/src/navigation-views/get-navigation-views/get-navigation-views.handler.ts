import { getNavigationViews, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { navigationViewDict } from '../navigation-views.state';

export function getNavigationViewsHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getNavigationViews>> {
  return {
    kind: 'query',
    schema: getNavigationViews.params,
    async handle({ actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const state = await repo.navigationViewsOf(actor.userId);
      return { navigation_views: (state?.views ?? []).map(navigationViewDict) };
    },
  };
}

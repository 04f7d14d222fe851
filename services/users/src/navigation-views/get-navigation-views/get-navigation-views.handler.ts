import { Controller, Inject } from '@nestjs/common';
import { getNavigationViews, type ReplyOf } from '@zulip-es/contracts';
import { QueryPattern, type OperationContext } from '@zulip-es/platform';
import { loadCaller, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { navigationViewDict } from '../navigation-views.state';

@Controller()
export class GetNavigationViewsHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @QueryPattern(getNavigationViews)
  async list({ actorId }: OperationContext<typeof getNavigationViews>): Promise<ReplyOf<typeof getNavigationViews>> {
    const { repo } = this.deps;
    const { actor } = await loadCaller(repo, actorId);
    const state = await repo.navigationViewsOf(actor.userId);
    return { navigation_views: (state?.views ?? []).map(navigationViewDict) };
  }
}

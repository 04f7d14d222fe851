import { Controller, Inject } from '@nestjs/common';
import { removeNavigationView } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { noNavigationViews } from '../navigation-views.state';
import { decideRemoveNavigationView, type RemoveNavigationView } from './remove-navigation-view.decide';

@Controller()
export class RemoveNavigationViewHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(removeNavigationView)
  async remove({ data, actorId }: MessageContext<RemoveNavigationView>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const state = (await repo.navigationViewsOf(actor.userId)) ?? noNavigationViews(actor.userId);
    return { events: decideRemoveNavigationView(data, state), reply: {} };
  }
}

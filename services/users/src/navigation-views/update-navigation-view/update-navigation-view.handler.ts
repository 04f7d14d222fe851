import { Controller, Inject } from '@nestjs/common';
import { updateNavigationView } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { noNavigationViews } from '../navigation-views.state';
import { decideUpdateNavigationView, type UpdateNavigationView } from './update-navigation-view.decide';

@Controller()
export class UpdateNavigationViewHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(updateNavigationView)
  async update({ data, actorId }: MessageContext<UpdateNavigationView>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const state = (await repo.navigationViewsOf(actor.userId)) ?? noNavigationViews(actor.userId);
    return { events: decideUpdateNavigationView(data, state), reply: {} };
  }
}

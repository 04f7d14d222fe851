import { Controller, Inject } from '@nestjs/common';
import { addNavigationView } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { noNavigationViews } from '../navigation-views.state';
import { decideAddNavigationView, type AddNavigationView } from './add-navigation-view.decide';

@Controller()
export class AddNavigationViewHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(addNavigationView)
  async add({ data, actorId }: MessageContext<AddNavigationView>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const state = (await repo.navigationViewsOf(actor.userId)) ?? noNavigationViews(actor.userId);
    return { events: decideAddNavigationView(data, state), reply: {} };
  }
}

import { updateNavigationView } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { noNavigationViews } from '../navigation-views.state';
import { decideUpdateNavigationView, type UpdateNavigationView } from './update-navigation-view.decide';

export function updateNavigationViewHandler({ repo }: UsersDeps): CommandHandler<UpdateNavigationView> {
  return {
    kind: 'command',
    schema: updateNavigationView.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const state = (await repo.navigationViewsOf(actor.userId)) ?? noNavigationViews(actor.userId);
      return { events: decideUpdateNavigationView(data, state), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

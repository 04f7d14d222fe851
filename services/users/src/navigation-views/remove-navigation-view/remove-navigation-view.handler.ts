import { removeNavigationView } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { noNavigationViews } from '../navigation-views.state';
import { decideRemoveNavigationView, type RemoveNavigationView } from './remove-navigation-view.decide';

export function removeNavigationViewHandler({ repo }: UsersDeps): CommandHandler<RemoveNavigationView> {
  return {
    kind: 'command',
    schema: removeNavigationView.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const state = (await repo.navigationViewsOf(actor.userId)) ?? noNavigationViews(actor.userId);
      return { events: decideRemoveNavigationView(data, state), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

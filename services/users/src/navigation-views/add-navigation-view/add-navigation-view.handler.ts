import { addNavigationView } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { noNavigationViews } from '../navigation-views.state';
import { decideAddNavigationView, type AddNavigationView } from './add-navigation-view.decide';

export function addNavigationViewHandler({ repo }: UsersDeps): CommandHandler<AddNavigationView> {
  return {
    kind: 'command',
    schema: addNavigationView.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const state = (await repo.navigationViewsOf(actor.userId)) ?? noNavigationViews(actor.userId);
      return { events: decideAddNavigationView(data, state), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

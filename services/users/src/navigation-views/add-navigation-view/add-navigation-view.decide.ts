import { MAX_NAVIGATION_VIEWS_PER_USER, type addNavigationView, type NavigationViewAddedV1, type OperationData } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { alreadyExists, builtInNamed, hasViewNamed, isBuiltInView } from '../navigation-view-rules';
import { navigationViewsAggregateId, type NavigationViewsState } from '../navigation-views.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type AddNavigationView = OperationData<typeof addNavigationView>;

/** E12: the schema has already stripped `fragment` and `name` and refused them blank. */
export function decideAddNavigationView(cmd: AddNavigationView, state: NavigationViewsState): UsersNewEvent[] {
  const { fragment, is_pinned: isPinned } = cmd;
  const name = cmd.name ?? null;
  if (isBuiltInView(fragment)) {
    if (name !== null) throw builtInNamed();
  } else if (!name) {
    throw badRequest('Custom views must have a valid name.');
  }
  if (state.views.some((v) => v.fragment === fragment)) throw alreadyExists();
  if (name !== null && hasViewNamed(state, name)) throw alreadyExists();
  if (state.views.length >= MAX_NAVIGATION_VIEWS_PER_USER) {
    throw badRequest(`You can have at most ${MAX_NAVIGATION_VIEWS_PER_USER} navigation views.`, {
      max_navigation_views: MAX_NAVIGATION_VIEWS_PER_USER,
    });
  }
  const event: NavigationViewAddedV1 = { type: 'navigation_view.added.v1', data: { userId: state.userId, fragment, isPinned, name } };
  return [{ ...event, aggregateId: navigationViewsAggregateId(state.userId), sequence: state.version + 1 }];
}

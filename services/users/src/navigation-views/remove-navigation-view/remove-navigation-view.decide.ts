import type { NavigationViewRemovedV1, OperationData, removeNavigationView } from '@zulip-es/contracts';
import { accessView } from '../navigation-view-rules';
import { navigationViewsAggregateId, type NavigationViewsState } from '../navigation-views.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type RemoveNavigationView = OperationData<typeof removeNavigationView>;

export function decideRemoveNavigationView(cmd: RemoveNavigationView, state: NavigationViewsState): UsersNewEvent[] {
  const { fragment } = accessView(state, cmd.fragment);
  const event: NavigationViewRemovedV1 = { type: 'navigation_view.removed.v1', data: { userId: state.userId, fragment } };
  return [{ ...event, aggregateId: navigationViewsAggregateId(state.userId), sequence: state.version + 1 }];
}

import type { NavigationViewUpdatedV1, OperationData, updateNavigationView } from '@zulip-es/contracts';
import { accessView, alreadyExists, builtInNamed, hasViewNamed, isBuiltInView } from '../navigation-view-rules';
import { navigationViewsAggregateId, type NavigationViewsState } from '../navigation-views.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type UpdateNavigationView = OperationData<typeof updateNavigationView>;

/**
 * Zulip checks the name before it looks the view up, and counts the view's own current name as
 * taken, so renaming a view to its own name is refused as "already exists". Only changed fields
 * produce an event; nothing changed, no event.
 */
export function decideUpdateNavigationView(cmd: UpdateNavigationView, state: NavigationViewsState): UsersNewEvent[] {
  const { fragment, name, is_pinned: isPinned } = cmd;
  if (name !== undefined && isBuiltInView(fragment)) throw builtInNamed();
  if (name !== undefined && hasViewNamed(state, name)) throw alreadyExists();
  const view = accessView(state, fragment);
  const changes: Omit<NavigationViewUpdatedV1['data'], 'userId' | 'fragment'> = {};
  if (name !== undefined) changes.name = name;
  if (isPinned !== undefined && isPinned !== view.isPinned) changes.isPinned = isPinned;
  if (Object.keys(changes).length === 0) return [];
  const event: NavigationViewUpdatedV1 = { type: 'navigation_view.updated.v1', data: { userId: state.userId, fragment, ...changes } };
  return [{ ...event, aggregateId: navigationViewsAggregateId(state.userId), sequence: state.version + 1 }];
}

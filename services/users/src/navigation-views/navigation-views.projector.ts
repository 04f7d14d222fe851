import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { evolveNavigationViews, navigationViewsAggregateId, noNavigationViews, type NavigationViewEvent } from './navigation-views.state';

const NAVIGATION_VIEW_EVENTS: readonly NavigationViewEvent['type'][] = [
  'navigation_view.added.v1',
  'navigation_view.updated.v1',
  'navigation_view.removed.v1',
];

/** Each user's navigation views, one document per user. */
export const navigationViewsProjector = (repo: UsersRepository): Projector => ({
  types: NAVIGATION_VIEW_EVENTS,
  async apply(event, envelope) {
    const viewEvent = event as NavigationViewEvent;
    const { userId } = viewEvent.data;
    await applyToDocument(repo.navigationViews, navigationViewsAggregateId(userId), envelope.sequence, (current) =>
      evolveNavigationViews(current ?? noNavigationViews(userId), viewEvent, envelope.sequence),
    );
  },
});

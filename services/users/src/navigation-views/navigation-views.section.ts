import type { RegisterSection } from '../register/register-section';
import { navigationViewDict } from './navigation-views.state';

/** Fetch type `navigation_views`: the caller's configured views. */
export const navigationViewsSection: RegisterSection = {
  fetchType: 'navigation_views',
  async state({ repo, actor }) {
    const state = await repo.navigationViewsOf(actor.userId);
    return { navigation_views: (state?.views ?? []).map(navigationViewDict) };
  },
};

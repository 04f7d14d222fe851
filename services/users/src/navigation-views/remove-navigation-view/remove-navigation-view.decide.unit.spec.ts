import type { NavigationViewsState } from '../navigation-views.state';
import { decideRemoveNavigationView } from './remove-navigation-view.decide';

const views: NavigationViewsState = { userId: 7, views: [{ fragment: 'narrow/is/starred', isPinned: true, name: null }], version: 2 };

describe('remove navigation view', () => {
  it('removes a configured view', () => {
    expect(decideRemoveNavigationView({ fragment: 'narrow/is/starred' }, views)).toEqual([
      {
        type: 'navigation_view.removed.v1',
        aggregateId: 'navigation_views:7',
        sequence: 3,
        data: { userId: 7, fragment: 'narrow/is/starred' },
      },
    ]);
  });

  it('answers 404 for a view that is not configured', () => {
    expect(() => decideRemoveNavigationView({ fragment: 'inbox' }, views)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', status: 404, msg: 'Navigation view does not exist.' }),
    );
  });
});

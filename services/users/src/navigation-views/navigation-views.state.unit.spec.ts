import { evolveNavigationViews, noNavigationViews, type NavigationViewEvent } from './navigation-views.state';

describe('navigation views evolve', () => {
  it('keeps views in the order they were added, through updates and removals', () => {
    const events: NavigationViewEvent[] = [
      { type: 'navigation_view.added.v1', data: { userId: 7, fragment: 'inbox', isPinned: true, name: null } },
      { type: 'navigation_view.added.v1', data: { userId: 7, fragment: 'narrow/channel/3', isPinned: true, name: 'Design' } },
      { type: 'navigation_view.added.v1', data: { userId: 7, fragment: 'recent', isPinned: false, name: null } },
      { type: 'navigation_view.updated.v1', data: { userId: 7, fragment: 'narrow/channel/3', name: 'Design team' } },
      { type: 'navigation_view.updated.v1', data: { userId: 7, fragment: 'inbox', isPinned: false } },
      { type: 'navigation_view.removed.v1', data: { userId: 7, fragment: 'recent' } },
    ];
    const state = events.reduce((s, e, i) => evolveNavigationViews(s, e, i + 1), noNavigationViews(7));
    expect(state).toEqual({
      userId: 7,
      views: [
        { fragment: 'inbox', isPinned: false, name: null },
        { fragment: 'narrow/channel/3', isPinned: true, name: 'Design team' },
      ],
      version: 6,
    });
  });
});

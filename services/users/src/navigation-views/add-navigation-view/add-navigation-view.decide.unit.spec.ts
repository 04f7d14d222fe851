import { MAX_NAVIGATION_VIEWS_PER_USER } from '@zulip-es/contracts';
import type { NavigationViewsState } from '../navigation-views.state';
import { decideAddNavigationView } from './add-navigation-view.decide';

const noViews: NavigationViewsState = { userId: 7, views: [], version: 0 };
const withViews: NavigationViewsState = {
  userId: 7,
  views: [
    { fragment: 'inbox', isPinned: false, name: null },
    { fragment: 'narrow/channel/3', isPinned: true, name: 'Design' },
  ],
  version: 4,
};
const refusal = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', status: 400, msg });

describe('add navigation view (E12)', () => {
  it('adds a custom view with its name, as the next event of the user’s views', () => {
    expect(decideAddNavigationView({ fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alert Words' }, withViews)).toEqual([
      {
        type: 'navigation_view.added.v1',
        aggregateId: 'navigation_views:7',
        sequence: 5,
        data: { userId: 7, fragment: 'narrow/is/alerted', isPinned: true, name: 'Alert Words' },
      },
    ]);
  });

  it('refuses a view beyond the most a user may have, and adds the last one allowed', () => {
    const views = (n: number): NavigationViewsState => ({
      userId: 7,
      views: Array.from({ length: n }, (_, i) => ({ fragment: `narrow/channel/${i}`, isPinned: false, name: `View ${i}` })),
      version: n,
    });
    const add = { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alert Words' };
    expect(decideAddNavigationView(add, views(MAX_NAVIGATION_VIEWS_PER_USER - 1))).toHaveLength(1);
    expect(() => decideAddNavigationView(add, views(MAX_NAVIGATION_VIEWS_PER_USER))).toThrow(
      refusal(`You can have at most ${MAX_NAVIGATION_VIEWS_PER_USER} navigation views.`),
    );
  });

  it('configures a built-in view without a name', () => {
    expect(decideAddNavigationView({ fragment: 'narrow/is/starred', is_pinned: false }, noViews)).toEqual([
      expect.objectContaining({ sequence: 1, data: { userId: 7, fragment: 'narrow/is/starred', isPinned: false, name: null } }),
    ]);
  });

  it.each([
    'inbox',
    'recent',
    'feed',
    'drafts',
    'narrow/has/reaction/sender/me',
    'narrow/is/mentioned',
    'narrow/is/starred',
    'scheduled',
    'reminders',
  ])('refuses a name for the built-in view %s', (fragment) => {
    expect(() => decideAddNavigationView({ fragment, is_pinned: true, name: 'Mine' }, noViews)).toThrow(
      refusal('Built-in views cannot have a custom name.'),
    );
  });

  it('refuses a custom view without a name', () => {
    expect(() => decideAddNavigationView({ fragment: 'narrow/channel/7', is_pinned: true }, noViews)).toThrow(
      refusal('Custom views must have a valid name.'),
    );
  });

  it('refuses a fragment already configured', () => {
    expect(() => decideAddNavigationView({ fragment: 'inbox', is_pinned: true }, withViews)).toThrow(
      refusal('Navigation view already exists.'),
    );
    expect(() => decideAddNavigationView({ fragment: 'narrow/channel/3', is_pinned: true, name: 'Other' }, withViews)).toThrow(
      refusal('Navigation view already exists.'),
    );
  });

  it('refuses a name another view already has', () => {
    expect(() => decideAddNavigationView({ fragment: 'narrow/channel/4', is_pinned: true, name: 'Design' }, withViews)).toThrow(
      refusal('Navigation view already exists.'),
    );
  });
});

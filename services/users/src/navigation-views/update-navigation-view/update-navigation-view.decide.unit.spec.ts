import type { NavigationViewsState } from '../navigation-views.state';
import { decideUpdateNavigationView } from './update-navigation-view.decide';

const views: NavigationViewsState = {
  userId: 7,
  views: [
    { fragment: 'inbox', isPinned: false, name: null },
    { fragment: 'narrow/channel/3', isPinned: true, name: 'Design' },
    { fragment: 'narrow/channel/4', isPinned: true, name: 'Ops' },
  ],
  version: 3,
};
const refusal = (msg: string, status = 400) => expect.objectContaining({ code: 'BAD_REQUEST', status, msg });

describe('update navigation view', () => {
  it('renames and unpins a custom view in one event carrying only the changes', () => {
    expect(decideUpdateNavigationView({ fragment: 'narrow/channel/3', name: 'Design team', is_pinned: false }, views)).toEqual([
      {
        type: 'navigation_view.updated.v1',
        aggregateId: 'navigation_views:7',
        sequence: 4,
        data: { userId: 7, fragment: 'narrow/channel/3', name: 'Design team', isPinned: false },
      },
    ]);
  });

  it('pins a built-in view', () => {
    expect(decideUpdateNavigationView({ fragment: 'inbox', is_pinned: true }, views)).toEqual([
      expect.objectContaining({ data: { userId: 7, fragment: 'inbox', isPinned: true } }),
    ]);
  });

  it('produces nothing when nothing changes', () => {
    expect(decideUpdateNavigationView({ fragment: 'inbox', is_pinned: false }, views)).toEqual([]);
    expect(decideUpdateNavigationView({ fragment: 'inbox' }, views)).toEqual([]);
  });

  it('refuses a name for a built-in view', () => {
    expect(() => decideUpdateNavigationView({ fragment: 'inbox', name: 'Mine' }, views)).toThrow(
      refusal('Built-in views cannot have a custom name.'),
    );
  });

  it('refuses a name already taken, the view’s own included (as Zulip does)', () => {
    expect(() => decideUpdateNavigationView({ fragment: 'narrow/channel/3', name: 'Ops' }, views)).toThrow(
      refusal('Navigation view already exists.'),
    );
    expect(() => decideUpdateNavigationView({ fragment: 'narrow/channel/3', name: 'Design' }, views)).toThrow(
      refusal('Navigation view already exists.'),
    );
  });

  it('answers 404 for a view that is not configured', () => {
    expect(() => decideUpdateNavigationView({ fragment: 'narrow/channel/9', is_pinned: true }, views)).toThrow(
      refusal('Navigation view does not exist.', 404),
    );
  });
});

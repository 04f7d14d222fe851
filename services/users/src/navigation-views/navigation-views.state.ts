import type { UsersEvent } from '@zulip-es/contracts';

/**
 * Zulip's built-in left-sidebar views (zerver/views/navigation_views.py): a user may pin or
 * unpin them, but not name them.
 */
export const BUILT_IN_VIEW_FRAGMENTS: ReadonlySet<string> = new Set([
  'inbox',
  'recent',
  'feed',
  'drafts',
  'narrow/has/reaction/sender/me',
  'narrow/is/mentioned',
  'narrow/is/starred',
  'scheduled',
  'reminders',
]);

export interface NavigationView {
  fragment: string;
  isPinned: boolean;
  name: string | null;
}

/**
 * One user's configured views, in the order they were added (Zulip lists them by row id). One
 * document per user: at most MAX_NAVIGATION_VIEWS_PER_USER views of bounded fragment and name, a
 * few hundred kilobytes at worst, far below the store's 16 MiB per document.
 */
export interface NavigationViewsState {
  userId: number;
  views: NavigationView[];
  version: number;
}

export const navigationViewsAggregateId = (userId: number): string => `navigation_views:${userId}`;

export const noNavigationViews = (userId: number): NavigationViewsState => ({ userId, views: [], version: 0 });

export type NavigationViewEvent = Extract<UsersEvent, { type: `navigation_view.${string}` }>;

/** Pure: the user's views after `event`. */
export function evolveNavigationViews(state: NavigationViewsState, event: NavigationViewEvent, sequence: number): NavigationViewsState {
  switch (event.type) {
    case 'navigation_view.added.v1': {
      const { fragment, isPinned, name } = event.data;
      return { ...state, views: [...state.views, { fragment, isPinned, name }], version: sequence };
    }
    case 'navigation_view.updated.v1': {
      const { fragment, isPinned, name } = event.data;
      const views = state.views.map((v) =>
        v.fragment === fragment ? { ...v, ...(isPinned === undefined ? {} : { isPinned }), ...(name === undefined ? {} : { name }) } : v,
      );
      return { ...state, views, version: sequence };
    }
    case 'navigation_view.removed.v1':
      return { ...state, views: state.views.filter((v) => v.fragment !== event.data.fragment), version: sequence };
    default: {
      const unexpected: never = event;
      throw new Error(`navigation views cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}

/** The API's form of a view (`GET /navigation_views`, `POST /register`). */
export const navigationViewDict = (v: NavigationView) => ({ fragment: v.fragment, is_pinned: v.isPinned, name: v.name });

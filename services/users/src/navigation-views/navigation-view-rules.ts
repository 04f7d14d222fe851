import { badRequest, DomainError } from '@zulip-es/platform';
import { BUILT_IN_VIEW_FRAGMENTS, type NavigationView, type NavigationViewsState } from './navigation-views.state';

export const isBuiltInView = (fragment: string): boolean => BUILT_IN_VIEW_FRAGMENTS.has(fragment);

export const builtInNamed = (): DomainError => badRequest('Built-in views cannot have a custom name.');

/** Zulip refuses a second view with the same fragment or the same name, with one message for both. */
export const alreadyExists = (): DomainError => badRequest('Navigation view already exists.');

export const hasViewNamed = (state: NavigationViewsState, name: string): boolean => state.views.some((v) => v.name === name);

/** Zulip's `ResourceNotFoundError`: HTTP 404 with the default code. */
export function accessView(state: NavigationViewsState, fragment: string): NavigationView {
  const view = state.views.find((v) => v.fragment === fragment);
  if (!view) throw new DomainError('BAD_REQUEST', 'Navigation view does not exist.', {}, 404);
  return view;
}

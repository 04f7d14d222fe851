import { z } from 'zod';
import { MAX_NAVIGATION_VIEW_FRAGMENT_LENGTH, MAX_NAVIGATION_VIEW_NAME_LENGTH } from '../limits';
import { EmptyReply, NavigationViewReply } from './replies';
import { defineOperation } from './operation';

/**
 * Zulip strips `fragment` and `name` and refuses them blank (`StringConstraints(strip_whitespace,
 * min_length=1)`), so a blank one gets pydantic's `<name> cannot be blank`. Zulip has no upper
 * bound; these are MAX_NAVIGATION_VIEW_FRAGMENT_LENGTH and MAX_NAVIGATION_VIEW_NAME_LENGTH.
 */
const Fragment = z.string().trim().min(1).max(MAX_NAVIGATION_VIEW_FRAGMENT_LENGTH);
const ViewName = z.string().trim().min(1).max(MAX_NAVIGATION_VIEW_NAME_LENGTH);

/**
 * The fragment is a path parameter that contains slashes (`narrow/is/starred`): clients send it
 * URL-encoded (`narrow%2Fis%2Fstarred`), and the router decodes it into one parameter.
 */
const FragmentPath = { fragment: Fragment };

/** GET /navigation_views: the caller's configured views, in the order they were added. */
export const getNavigationViews = defineOperation({
  type: 'navigation_view.list',
  method: 'GET',
  path: '/navigation_views',
  service: 'users',
  kind: 'query',
  auth: 'user',
  params: z.object({}),
  reply: z.strictObject({ navigation_views: z.array(NavigationViewReply) }),
  key: 'actor',
});

/** POST /navigation_views (E12): configure a built-in view or add a custom one. */
export const addNavigationView = defineOperation({
  type: 'navigation_view.add',
  method: 'POST',
  path: '/navigation_views',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({ fragment: Fragment, is_pinned: z.boolean(), name: ViewName.optional() }),
  reply: EmptyReply,
  key: 'actor',
});

/** PATCH /navigation_views/{fragment}: pin, unpin or rename a configured view. */
export const updateNavigationView = defineOperation({
  type: 'navigation_view.update',
  method: 'PATCH',
  path: '/navigation_views/{fragment}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({ ...FragmentPath, is_pinned: z.boolean().optional(), name: ViewName.optional() }),
  reply: EmptyReply,
  key: 'actor',
});

/** DELETE /navigation_views/{fragment}. */
export const removeNavigationView = defineOperation({
  type: 'navigation_view.remove',
  method: 'DELETE',
  path: '/navigation_views/{fragment}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object(FragmentPath),
  reply: EmptyReply,
  key: 'actor',
});

import type zulip from 'zulip-js';
import { failed, newUserClient, succeeded } from './zulip-js-client';

/**
 * E12 navigation views through `callEndpoint`: `is_pinned` goes as the text 'true'/'false', and
 * a fragment in the path is URL-encoded by the application (its slashes included).
 */

interface NavigationView {
  fragment: string;
  is_pinned: boolean;
  name: string | null;
}
type Views = { navigation_views: NavigationView[] };

const at = (fragment: string) => `/navigation_views/${encodeURIComponent(fragment)}`;
const viewsOf = async (client: zulip.Client) => succeeded(await client.callEndpoint<Views>('/navigation_views')).navigation_views;

describe('zulip-js: navigation views (E12)', () => {
  it('adds a custom and a built-in view, renames and unpins one by its fragment, and removes one', async () => {
    const { client } = await newUserClient({ label: 'zjs-views' });
    expect(
      succeeded(
        await client.callEndpoint('/navigation_views', 'POST', { fragment: 'narrow/is/alerted', is_pinned: 'true', name: 'Alert words' }),
      ),
    ).toEqual({
      result: 'success',
      msg: '',
    });
    succeeded(await client.callEndpoint('/navigation_views', 'POST', { fragment: 'narrow/is/starred', is_pinned: 'false' }));
    expect(await viewsOf(client)).toEqual([
      { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alert words' },
      { fragment: 'narrow/is/starred', is_pinned: false, name: null },
    ]);

    succeeded(await client.callEndpoint(at('narrow/is/alerted'), 'PATCH', { is_pinned: 'false', name: 'My alerts' }));
    succeeded(await client.callEndpoint(at('narrow/is/starred'), 'DELETE'));
    expect(await viewsOf(client)).toEqual([{ fragment: 'narrow/is/alerted', is_pinned: false, name: 'My alerts' }]);
  });

  it('refuses a custom view without a name, a duplicate, and a view not configured', async () => {
    const { client } = await newUserClient({ label: 'zjs-views-bad' });
    const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });
    expect(failed(await client.callEndpoint('/navigation_views', 'POST', { fragment: 'narrow/channel/7', is_pinned: 'true' }))).toEqual(
      error('Custom views must have a valid name.'),
    );
    succeeded(await client.callEndpoint('/navigation_views', 'POST', { fragment: 'inbox', is_pinned: 'true' }));
    expect(failed(await client.callEndpoint('/navigation_views', 'POST', { fragment: 'inbox', is_pinned: 'false' }))).toEqual(
      error('Navigation view already exists.'),
    );
    // Zulip answers this one with HTTP 404, which zulip-js does not surface: the body says it all.
    expect(failed(await client.callEndpoint(at('narrow/is/mentioned'), 'PATCH', { is_pinned: 'true' }))).toEqual(
      error('Navigation view does not exist.'),
    );
    expect(await viewsOf(client)).toEqual([{ fragment: 'inbox', is_pinned: true, name: null }]);
  });
});

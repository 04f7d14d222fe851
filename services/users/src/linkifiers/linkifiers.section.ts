import type { RegisterSection } from '../register/register-section';
import { linkifierDict } from './linkifiers.state';

/**
 * Fetch type `realm_linkifiers`: the ordered list, but only for clients that declare the
 * `linkifier_url_template` capability; others get an empty list (Zulip 7.0, feature level 176),
 * because they would read the URL templates as old-style format strings.
 */
export const realmLinkifiersSection: RegisterSection = {
  fetchType: 'realm_linkifiers',
  async state({ repo, params }) {
    if (params.client_capabilities?.linkifier_url_template !== true) return { realm_linkifiers: [] };
    const state = await repo.linkifierList();
    return { realm_linkifiers: (state?.linkifiers ?? []).map(linkifierDict) };
  },
};

/** Fetch type `realm_filters`: the legacy tuple form, always empty since feature level 176. */
export const realmFiltersSection: RegisterSection = {
  fetchType: 'realm_filters',
  async state() {
    return { realm_filters: [] };
  },
};

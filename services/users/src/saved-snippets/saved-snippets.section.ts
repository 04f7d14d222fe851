import type { RegisterSection } from '../register/register-section';
import { savedSnippetDict } from './saved-snippets.state';

/** Fetch type `saved_snippets`: the caller's saved snippets. */
export const savedSnippetsSection: RegisterSection = {
  fetchType: 'saved_snippets',
  async state({ repo, actor }) {
    const state = await repo.savedSnippetsOf(actor.userId);
    return { saved_snippets: (state?.snippets ?? []).map(savedSnippetDict) };
  },
};

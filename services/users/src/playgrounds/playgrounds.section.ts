import type { RegisterSection } from '../register/register-section';
import { playgroundDict } from './playgrounds.state';

/** Fetch type `realm_playgrounds`: the organization's code playgrounds. */
export const playgroundsSection: RegisterSection = {
  fetchType: 'realm_playgrounds',
  async state({ repo }) {
    return { realm_playgrounds: ((await repo.playgroundList())?.playgrounds ?? []).map(playgroundDict) };
  },
};

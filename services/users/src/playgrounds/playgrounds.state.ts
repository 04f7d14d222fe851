import type { PlaygroundAddedV1, PlaygroundRemovedV1 } from '@zulip-es/contracts';

export type PlaygroundEvent = PlaygroundAddedV1 | PlaygroundRemovedV1;

export interface Playground {
  id: number;
  name: string;
  pygmentsLanguage: string;
  urlTemplate: string;
}

/** The organization's code playgrounds in the order they were added, and the last id ever given. */
export interface PlaygroundsState {
  playgrounds: Playground[];
  lastPlaygroundId: number;
  version: number;
}

export const PLAYGROUNDS_AGGREGATE = 'playgrounds';

export const noPlaygrounds = (): PlaygroundsState => ({ playgrounds: [], lastPlaygroundId: 0, version: 0 });

/** Pure: the list after `event`. */
export function evolvePlaygrounds(state: PlaygroundsState, event: PlaygroundEvent, sequence: number): PlaygroundsState {
  switch (event.type) {
    case 'playground.added.v1': {
      const { playgroundId: id, name, pygmentsLanguage, urlTemplate } = event.data;
      return {
        playgrounds: [...state.playgrounds, { id, name, pygmentsLanguage, urlTemplate }],
        lastPlaygroundId: Math.max(state.lastPlaygroundId, id),
        version: sequence,
      };
    }
    case 'playground.removed.v1':
      return { ...state, playgrounds: state.playgrounds.filter((p) => p.id !== event.data.playgroundId), version: sequence };
    default: {
      const unexpected: never = event;
      throw new Error(`playgrounds cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}

/** Zulip's `RealmPlaygroundDict` (`POST /register`, `realm_playgrounds` events). */
export const playgroundDict = (p: Playground) => ({
  id: p.id,
  name: p.name,
  pygments_language: p.pygmentsLanguage,
  url_template: p.urlTemplate,
});

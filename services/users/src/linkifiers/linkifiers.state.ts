import type { UsersEvent } from '@zulip-es/contracts';

export interface Linkifier {
  id: number;
  pattern: string;
  urlTemplate: string;
}

/** The organization's linkifiers in processing order, and the last id ever given (ids are not reused). */
export interface LinkifiersState {
  linkifiers: Linkifier[];
  lastLinkifierId: number;
  version: number;
}

export const LINKIFIERS_AGGREGATE = 'linkifiers';

export const noLinkifiers = (): LinkifiersState => ({ linkifiers: [], lastLinkifierId: 0, version: 0 });

export type LinkifierEvent = Extract<UsersEvent, { type: `linkifier.${string}` | `linkifiers.${string}` }>;

/** Pure: the list after `event`. */
export function evolveLinkifiers(state: LinkifiersState, event: LinkifierEvent, sequence: number): LinkifiersState {
  switch (event.type) {
    case 'linkifier.added.v1': {
      const { linkifierId: id, pattern, urlTemplate } = event.data;
      return {
        linkifiers: [...state.linkifiers, { id, pattern, urlTemplate }],
        lastLinkifierId: Math.max(state.lastLinkifierId, id),
        version: sequence,
      };
    }
    case 'linkifier.changed.v1': {
      const { linkifierId: id, pattern, urlTemplate } = event.data;
      return { ...state, linkifiers: state.linkifiers.map((l) => (l.id === id ? { id, pattern, urlTemplate } : l)), version: sequence };
    }
    case 'linkifier.removed.v1':
      return { ...state, linkifiers: state.linkifiers.filter((l) => l.id !== event.data.linkifierId), version: sequence };
    case 'linkifiers.reordered.v1': {
      const byId = new Map(state.linkifiers.map((l) => [l.id, l]));
      const linkifiers = event.data.orderedLinkifierIds.flatMap((id) => byId.get(id) ?? []);
      return { ...state, linkifiers, version: sequence };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`linkifiers cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}

/** The API's form of a linkifier (`GET /realm/linkifiers`, `POST /register`). */
export const linkifierDict = (l: Linkifier) => ({ pattern: l.pattern, url_template: l.urlTemplate, id: l.id });

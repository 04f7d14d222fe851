import type { CustomProfileFieldDefinition } from '@zulip-es/contracts';
import type { DomainEventOf } from '../domain-event';

export interface Linkifier {
  id: number;
  pattern: string;
  urlTemplate: string;
}

type ProfileFieldsEvent = DomainEventOf<
  | 'custom_profile_field.created.v1'
  | 'custom_profile_field.updated.v1'
  | 'custom_profile_field.deleted.v1'
  | 'custom_profile_fields.reordered.v1'
>;
export interface Playground {
  id: number;
  name: string;
  pygmentsLanguage: string;
  urlTemplate: string;
}

type PlaygroundsEvent = DomainEventOf<'playground.added.v1' | 'playground.removed.v1'>;
type LinkifiersEvent = DomainEventOf<'linkifier.added.v1' | 'linkifier.changed.v1' | 'linkifier.removed.v1' | 'linkifiers.reordered.v1'>;

/** Pure: the organization's profile fields after `event` (a reorder numbers them from 0, as the users service does). */
export function evolveProfileFields(
  fields: readonly CustomProfileFieldDefinition[],
  event: ProfileFieldsEvent,
): CustomProfileFieldDefinition[] {
  switch (event.type) {
    case 'custom_profile_field.created.v1':
      return [...fields, event.data.field];
    case 'custom_profile_field.updated.v1':
      return fields.map((f) => (f.id === event.data.field.id ? event.data.field : f));
    case 'custom_profile_field.deleted.v1':
      return fields.filter((f) => f.id !== event.data.fieldId);
    case 'custom_profile_fields.reordered.v1': {
      const position = new Map(event.data.order.map((id, index) => [id, index]));
      return fields.map((f) => ({ ...f, order: position.get(f.id) ?? f.order }));
    }
  }
}

/** Pure: the organization's code playgrounds, in the order they were added, after `event`. */
export function evolvePlaygrounds(playgrounds: readonly Playground[], event: PlaygroundsEvent): Playground[] {
  switch (event.type) {
    case 'playground.added.v1':
      return [
        ...playgrounds,
        {
          id: event.data.playgroundId,
          name: event.data.name,
          pygmentsLanguage: event.data.pygmentsLanguage,
          urlTemplate: event.data.urlTemplate,
        },
      ];
    case 'playground.removed.v1':
      return playgrounds.filter((p) => p.id !== event.data.playgroundId);
  }
}

/** Pure: the organization's linkifiers, in their order, after `event`. */
export function evolveLinkifiers(linkifiers: readonly Linkifier[], event: LinkifiersEvent): Linkifier[] {
  switch (event.type) {
    case 'linkifier.added.v1':
      return [...linkifiers, { id: event.data.linkifierId, pattern: event.data.pattern, urlTemplate: event.data.urlTemplate }];
    case 'linkifier.changed.v1':
      return linkifiers.map((l) =>
        l.id === event.data.linkifierId ? { id: l.id, pattern: event.data.pattern, urlTemplate: event.data.urlTemplate } : l,
      );
    case 'linkifier.removed.v1':
      return linkifiers.filter((l) => l.id !== event.data.linkifierId);
    case 'linkifiers.reordered.v1': {
      const byId = new Map(linkifiers.map((l) => [l.id, l]));
      return event.data.orderedLinkifierIds.flatMap((id) => byId.get(id) ?? []);
    }
  }
}

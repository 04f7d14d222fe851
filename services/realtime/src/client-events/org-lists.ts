import type { Delivery } from '@zulip-es/event-queues';
import { profileFieldsView } from '@zulip-es/zulip-rules';
import type { Directory } from '../directory/directory';
import { evolveLinkifiers, evolvePlaygrounds, evolveProfileFields } from '../directory/org-lists';
import type { DomainEventOf } from '../domain-event';
import { toEveryone } from './client-event';
import { customEmojiDict, evolveCustomEmojiList } from '@zulip-es/zulip-emoji';

/** Zulip's `custom_profile_fields`: the organization's whole list after the change, in display order. */
export function profileFieldsChanged(
  event: DomainEventOf<
    | 'custom_profile_field.created.v1'
    | 'custom_profile_field.updated.v1'
    | 'custom_profile_field.deleted.v1'
    | 'custom_profile_fields.reordered.v1'
  >,
  directory: Directory,
): Delivery[] {
  return toEveryone(directory, {
    type: 'custom_profile_fields',
    fields: profileFieldsView(evolveProfileFields(directory.profileFields, event)),
  });
}

/**
 * Zulip's `realm_linkifiers`: the whole ordered list after the change, only to queues that
 * declared `linkifier_url_template` (others would read URL templates as format strings).
 */
export function linkifiersChanged(
  event: DomainEventOf<'linkifier.added.v1' | 'linkifier.changed.v1' | 'linkifier.removed.v1' | 'linkifiers.reordered.v1'>,
  directory: Directory,
): Delivery[] {
  return toEveryone(directory, {
    type: 'realm_linkifiers',
    realm_linkifiers: evolveLinkifiers(directory.linkifiers, event).map((l) => ({
      pattern: l.pattern,
      url_template: l.urlTemplate,
      id: l.id,
    })),
  }).map((d) => ({ ...d, onlyIf: [{ capability: 'linkifier_url_template', present: true }] }));
}

/** Zulip's `realm_playgrounds`: the whole list after the change, to everyone. */
export function playgroundsChanged(
  event: DomainEventOf<'playground.added.v1' | 'playground.removed.v1'>,
  directory: Directory,
): Delivery[] {
  return toEveryone(directory, {
    type: 'realm_playgrounds',
    realm_playgrounds: evolvePlaygrounds(directory.playgrounds, event).map((p) => ({
      id: p.id,
      name: p.name,
      pygments_language: p.pygmentsLanguage,
      url_template: p.urlTemplate,
    })),
  });
}

/** Zulip's `realm_emoji` `update`: every custom emoji after the change, deactivated ones too, to everyone. */
export function customEmojiChanged(
  event: DomainEventOf<'custom_emoji.added.v1' | 'custom_emoji.deactivated.v1'>,
  directory: Directory,
): Delivery[] {
  return toEveryone(directory, {
    type: 'realm_emoji',
    op: 'update',
    realm_emoji: customEmojiDict(directory.realmId, evolveCustomEmojiList(directory.customEmoji, event)),
  });
}

import { createHash } from 'node:crypto';
import { REALM_EMPTY_TOPIC_DISPLAY_NAME } from '@zulip-es/contracts';
import type { Delivery, NewClientEvent, QueueFlavour } from '@zulip-es/event-queues';
import type { Directory } from '../directory/directory';
import type { DomainEventOf, DomainEventType } from '../domain-event';

/**
 * The Zulip client events a domain event makes, each for the users allowed to see it, decided
 * on the directory as it was just before the event.
 */
export type ClientEventsOf<T extends DomainEventType> = (event: DomainEventOf<T>, directory: Directory) => Delivery[];

/** One event for one user: their own data changed (drafts, settings, topics they follow…). */
export const toOwner = (userId: number, event: Delivery['event']): Delivery[] => [{ userIds: [userId], event }];

/** One event for every active user of the organization. */
export const toEveryone = (directory: Directory, event: Delivery['event']): Delivery[] => [{ userIds: directory.activeUserIds(), event }];

/** A queue's registration options that change events (see `QueueFlavour`). */
export interface Flavour {
  applyMarkdown: boolean;
  clientGravatar: boolean;
}

const FLAVOURS: Record<QueueFlavour, Flavour> = {
  markdown: { applyMarkdown: false, clientGravatar: false },
  client_gravatar: { applyMarkdown: true, clientGravatar: true },
  'markdown+client_gravatar': { applyMarkdown: false, clientGravatar: true },
};

/** An event as each flavour of queue gets it: the variants that differ from the default one. */
export function flavoured(build: (flavour: Flavour) => NewClientEvent): Pick<Delivery, 'event' | 'variants'> {
  const event = build({ applyMarkdown: true, clientGravatar: false });
  const json = JSON.stringify(event);
  const variants = Object.entries(FLAVOURS)
    .map(([name, flavour]) => [name, build(flavour)] as const)
    .filter(([, variant]) => JSON.stringify(variant) !== json);
  return variants.length === 0 ? { event } : { event, variants: Object.fromEntries(variants) };
}

/** Zulip's Gravatar URL of an email, or null for clients that compute it themselves (`client_gravatar`). */
export const avatarUrl = (email: string, { clientGravatar }: Flavour): string | null =>
  clientGravatar
    ? null
    : `https://secure.gravatar.com/avatar/${createHash('md5').update(email.toLowerCase()).digest('hex')}?d=identicon&version=1`;

/**
 * Deliveries that name a topic: the empty topic ("general chat") is `""` only for queues that
 * declared `empty_topic_name`; the others get the organization's display name for it, as Zulip
 * sends them.
 */
export function namingTopic(topic: string, build: (shown: string) => Delivery[]): Delivery[] {
  if (topic !== '') return build(topic);
  const when =
    (present: boolean) =>
    (d: Delivery): Delivery => ({ ...d, onlyIf: [...(d.onlyIf ?? []), { capability: 'empty_topic_name', present }] });
  return [...build('').map(when(true)), ...build(REALM_EMPTY_TOPIC_DISPLAY_NAME).map(when(false))];
}

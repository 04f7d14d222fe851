import { z } from 'zod';
import { MessagesEvent, PushEvent, UploadsEvent, UsersEvent } from '@zulip-es/contracts';

/** Every domain event of every service: what the fan-out reads. */
export const DomainEvent = z.discriminatedUnion('type', [
  ...UsersEvent.options,
  ...MessagesEvent.options,
  ...UploadsEvent.options,
  ...PushEvent.options,
]);
export type DomainEvent = z.infer<typeof DomainEvent>;
export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

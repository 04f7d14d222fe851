import type { EventEnvelope, UsersEvent } from '@zulip-es/contracts';

/**
 * The part of the users projection that one area owns (users, groups, linkifiers, …). The
 * projection routes each event to the projector that lists its type, so an area adds its events
 * without touching the others.
 */
export interface Projector {
  readonly types: readonly UsersEvent['type'][];
  apply(event: UsersEvent, envelope: EventEnvelope): Promise<void>;
}

/** Shared by every projector: see the platform. */
export { applyToDocument, withoutId } from '@zulip-es/platform';

import type { EventEnvelope, MessagesEvent } from '@zulip-es/contracts';

/**
 * The part of the messages projection that one area owns (channels, default channels, later
 * messages and drafts). The projection routes each event to the projector that lists its type.
 */
export interface Projector {
  readonly types: readonly MessagesEvent['type'][];
  apply(event: MessagesEvent, envelope: EventEnvelope): Promise<void>;
}

/** Shared by every projector: see the platform. */
export { applyToDocument, withoutId } from '@zulip-es/platform';

import { PushEvent, type EventEnvelope, type PushDeviceRegistrationRequestedV1 } from '@zulip-es/contracts';
import type { Projection } from '@zulip-es/platform';
import { evolve } from '../devices/user-devices.state';
import type { PushRepository } from './push.repository';

/** Where a requested registration goes to reach the bouncer (the registration queue). */
export interface RegistrationRequests {
  forward(request: PushDeviceRegistrationRequestedV1['data'], requestSequence: number): Promise<void>;
}

/**
 * Applies `push.events` to Mongo: each user's devices document, written whole with the version of
 * its last event, so an event at or below it is skipped (a redelivery).
 *
 * A requested registration is handed to the registration queue before the document is written:
 * a crash between the two applies the event again at the next start, and the queue takes the
 * same request once (its job id is the request's). A rebuild passes no queue: those requests
 * were forwarded when their events were first applied.
 */
export class PushProjection implements Projection {
  /** 1: each user's tokens and registrations. */
  readonly version = 1;

  constructor(
    private readonly repo: PushRepository,
    private readonly registrations?: RegistrationRequests,
  ) {}

  async apply(envelope: EventEnvelope): Promise<void> {
    const event = PushEvent.parse({ type: envelope.type, data: envelope.data });
    const devices = await this.repo.devicesOf(event.data.userId);
    if (devices.version >= envelope.sequence) return;
    if (event.type === 'push_device.registration_requested.v1') await this.registrations?.forward(event.data, envelope.sequence);
    await this.repo.save(evolve(devices, event, envelope.sequence));
  }
}

import {
  PushEvent,
  type BouncerTokenRequest,
  type EventEnvelope,
  type PushDevicesEvent,
  type PushDeviceRegistrationRequestedV1,
  type PushNotificationRequestedV1,
} from '@zulip-es/contracts';
import { type Projection, projectionDatabase } from '@zulip-es/platform';
import { evolve } from '../devices/user-devices.state';
import type { PushRepository } from './push.repository';

/** Where requested registrations and token changes go to reach the bouncer (the registration queue). */
export interface RegistrationRequests {
  forward(request: PushDeviceRegistrationRequestedV1['data'], requestSequence: number): Promise<void>;
  forwardToken(token: BouncerTokenRequest, active: boolean): Promise<void>;
}

/** Where requested notifications go to be pushed (the notification queue: a job per recipient). */
export interface NotificationRequests {
  /** `correlationId`: the request that sent the message, on the log lines of its notifications. */
  push(notification: PushNotificationRequestedV1['data'], correlationId: string): Promise<void>;
}

/** See `Projection.version` (it names the service's database). 1: each user's tokens and registrations. */
export const PUSH_PROJECTION_VERSION = 1;
/** The service's database: its projection at this version (see projectionDatabase). */
export const PUSH_DATABASE = projectionDatabase('push', PUSH_PROJECTION_VERSION);

/**
 * Applies `push.events` to Mongo: each user's devices document, written whole with the version of
 * its last event, so an event at or below it is skipped (a redelivery).
 *
 * A requested registration, and a legacy token added or removed, is handed to the registration
 * queue before the document is written: a crash between the two applies the event again at the
 * next start, and the queue takes the same event once (its job id is the event's). A rebuild
 * passes no queue: those were forwarded when their events were first applied.
 */
export class PushProjection implements Projection {
  readonly version = PUSH_PROJECTION_VERSION;

  constructor(
    private readonly repo: PushRepository,
    private readonly registrations?: RegistrationRequests,
    private readonly notifications?: NotificationRequests,
  ) {}

  async apply(envelope: EventEnvelope): Promise<void> {
    const event = PushEvent.parse({ type: envelope.type, data: envelope.data });
    // Written nowhere: its jobs' ids are the message's and the recipient's, so applied again it queues nothing more.
    if (event.type === 'push_notification.requested.v1') return this.notifications?.push(event.data, envelope.correlationId);
    const devices = await this.repo.devicesOf(event.data.userId);
    if (devices.version >= envelope.sequence) return;
    if (this.registrations) await forward(this.registrations, event, envelope.sequence);
    await this.repo.save(evolve(devices, event, envelope.sequence));
  }
}

async function forward(to: RegistrationRequests, event: PushDevicesEvent, sequence: number): Promise<void> {
  switch (event.type) {
    case 'push_device.registration_requested.v1':
      return to.forward(event.data, sequence);
    case 'push_token.added.v1':
    case 'push_token.removed.v1': {
      const { userId, kind, token } = event.data;
      const iosAppId = event.type === 'push_token.added.v1' ? event.data.appId : null;
      return to.forwardToken(
        { user_id: userId, token_kind: kind, token, ios_app_id: iosAppId, sequence },
        event.type === 'push_token.added.v1',
      );
    }
    default:
      return;
  }
}

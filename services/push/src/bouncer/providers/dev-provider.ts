import type { Connection } from 'mongoose';
import type { Logger } from '@zulip-es/platform';
import type { Delivery, DeliveryOutcome, PushProvider } from './push-provider';

export interface DevDelivery extends Delivery {
  at: Date;
}

/** The bouncer database's collection the development provider writes to. */
export const DEV_DELIVERIES = 'dev_deliveries';

/**
 * The development provider: for a kind of device without provider credentials, each push is
 * recorded (in the bouncer's `dev_deliveries` collection, and logged) instead of sent, where an
 * operator can read what would have reached the device.
 */
export class DevelopmentProvider implements PushProvider {
  readonly name = 'development';

  constructor(
    private readonly db: Connection,
    private readonly logger: Logger,
  ) {}

  async send(delivery: Delivery): Promise<DeliveryOutcome> {
    await this.db.collection<DevDelivery>(DEV_DELIVERIES).insertOne({ ...delivery, at: new Date() });
    this.logger.info(
      { kind: delivery.kind, token: delivery.token, payloads: delivery.payloads },
      'push recorded by the development provider',
    );
    return 'sent';
  }

  close(): void {}
}

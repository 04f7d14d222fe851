import type { Connection, Model } from 'mongoose';
import { documentModel, documentSchema, type LoggedDocument, type Logger } from '@zulip-es/platform';
import type { Delivery, DeliveryOutcome, PushProvider } from './push-provider';

export interface DevDelivery extends Delivery {
  at: Date;
}

/** The bouncer database's collection the development provider writes to. */
export const DEV_DELIVERIES = 'dev_deliveries';

/** In the order they came, each with an `_id` the driver assigns. */
const DELIVERIES = documentSchema<DevDelivery & LoggedDocument>(DEV_DELIVERIES, {
  _id: 'ObjectId',
  kind: 'String',
  token: 'String',
  appId: 'String',
  payloads: 'Mixed',
  at: 'Date',
});

/**
 * The development provider: for a kind of device without provider credentials, each push is
 * recorded (in the bouncer's `dev_deliveries` collection, and logged) instead of sent, where an
 * operator can read what would have reached the device.
 */
export class DevelopmentProvider implements PushProvider {
  readonly name = 'development';
  private readonly deliveries: Model<DevDelivery & LoggedDocument>;

  constructor(
    db: Connection,
    private readonly logger: Logger,
  ) {
    this.deliveries = documentModel(db, DELIVERIES);
  }

  async send(delivery: Delivery): Promise<DeliveryOutcome> {
    // As given, the driver assigning the `_id`.
    await this.deliveries.insertMany([{ ...delivery, at: new Date() }], { lean: true });
    this.logger.info(
      { kind: delivery.kind, token: delivery.token, payloads: delivery.payloads },
      'push recorded by the development provider',
    );
    return 'sent';
  }

  close(): void {}
}

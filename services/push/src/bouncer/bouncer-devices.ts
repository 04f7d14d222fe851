import { createHash } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import { documentModel, ModelDocuments, type DocumentCollection } from '@zulip-es/platform';
import { BOUNCER_COUNTERS, BOUNCER_DEVICES, DEVICE_IDS } from './bouncer.schemas';
import { OneAtATime } from './one-at-a-time';
import type { PushRegistration } from './push-registration';

export interface BouncerDevice {
  _id: string;
  deviceId: number;
  server: string;
  pushAccountId: number;
  tokenKind: PushRegistration['token_kind'];
  token: string;
  iosAppId: string | null;
  registeredAt: Date;
}

/**
 * The devices the bouncer knows, in a database of its own (it is a separate party: a remote
 * bouncer serves many servers). A device is one server's account on one token: registering it
 * again (a retried job, a client registering twice) answers the same device id.
 */
export class BouncerDevices {
  /** One registration of a device at a time (its store has no atomic insert-if-absent); devices side by side. */
  private readonly serial = new OneAtATime();
  private readonly deviceIds: IdBlocks;
  private readonly devices: DocumentCollection<BouncerDevice>;
  /**
   * Device id → the device's `_id`, so a device is found by its id with an `_id` lookup. The id
   * is kept as a string: the local store (FerretDB on SQLite) finds a string `_id` through its
   * index, but scans the whole collection for a number (40 ms a lookup at 2,300 devices).
   */
  private readonly ids: DocumentCollection<{ _id: string; device: string }>;

  constructor(db: Connection) {
    const documents = new ModelDocuments(db);
    this.devices = documents.of(BOUNCER_DEVICES);
    this.ids = documents.of(DEVICE_IDS);
    this.deviceIds = new IdBlocks(documentModel(db, BOUNCER_COUNTERS), 'devices');
  }

  register(server: string, pushAccountId: number, registration: PushRegistration, now: Date): Promise<number> {
    const _id = createHash('sha256')
      .update(JSON.stringify([server, pushAccountId, registration.token_kind, registration.ios_app_id ?? null, registration.token]))
      .digest('hex');
    return this.serial.run(_id, async () => {
      const known = await this.devices.findOne({ _id });
      if (known) return known.deviceId;
      const deviceId = await this.deviceIds.take();
      await this.ids.replaceOne({ _id: String(deviceId) }, { device: _id }, { upsert: true });
      await this.devices.insertOne({
        _id,
        deviceId,
        server,
        pushAccountId,
        tokenKind: registration.token_kind,
        token: registration.token,
        iosAppId: registration.ios_app_id ?? null,
        registeredAt: now,
      });
      return deviceId;
    });
  }

  /** The server's device of `deviceId` (another server's is none of its business). */
  async ofServer(server: string, deviceId: number): Promise<BouncerDevice | null> {
    const id = await this.ids.findOne({ _id: String(deviceId) });
    const device = id && (await this.devices.findOne({ _id: id.device }));
    return device && device.server === server ? device : null;
  }

  /** Forgets a device a provider called dead; registered again, it gets a new id. */
  async forget(deviceId: number): Promise<void> {
    const id = await this.ids.findOne({ _id: String(deviceId) });
    if (id) await this.devices.deleteOne({ _id: id.device, deviceId });
    await this.ids.deleteOne({ _id: String(deviceId) });
  }
}

/**
 * Ids from a counter its store cannot increment atomically: this process reserves them a block
 * at a time, one reservation at a time, so registrations take ids without a round trip each. Ids
 * left in a block when the process stops are never used.
 */
class IdBlocks {
  private readonly serial = new OneAtATime();
  private next = 0;
  private end = 0;

  constructor(
    private readonly counters: Model<{ _id: string; last: number }>,
    private readonly key: string,
    private readonly blockSize = 100,
  ) {}

  take(): Promise<number> {
    return this.serial.run(this.key, async () => {
      if (this.next >= this.end) {
        const counter = await this.counters
          .findOneAndUpdate({ _id: this.key }, { $inc: { last: this.blockSize } }, { upsert: true, returnDocument: 'after' })
          .lean();
        this.end = counter!.last + 1;
        this.next = this.end - this.blockSize;
      }
      return this.next++;
    });
  }
}

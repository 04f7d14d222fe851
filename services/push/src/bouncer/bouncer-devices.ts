import { createHash } from 'node:crypto';
import type { Connection } from 'mongoose';
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

  constructor(private readonly db: Connection) {
    this.deviceIds = new IdBlocks(db, 'devices');
  }

  private get devices() {
    return this.db.collection<BouncerDevice>('devices');
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

  /**
   * Device id → the device's `_id`, so a device is found by its id with an `_id` lookup. The id
   * is kept as a string: the local store (FerretDB on SQLite) finds a string `_id` through its
   * index, but scans the whole collection for a number (40 ms a lookup at 2,300 devices).
   */
  private get ids() {
    return this.db.collection<{ _id: string; device: string }>('device_ids');
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
    private readonly db: Connection,
    private readonly key: string,
    private readonly blockSize = 100,
  ) {}

  take(): Promise<number> {
    return this.serial.run(this.key, async () => {
      if (this.next >= this.end) {
        const counters = this.db.collection<{ _id: string; last: number }>('counters');
        const counter = await counters.findOneAndUpdate(
          { _id: this.key },
          { $inc: { last: this.blockSize } },
          { upsert: true, returnDocument: 'after' },
        );
        this.end = counter!.last + 1;
        this.next = this.end - this.blockSize;
      }
      return this.next++;
    });
  }
}

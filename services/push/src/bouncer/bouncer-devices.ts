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
  /** Device ids come from a counter its store cannot increment atomically: one registration at a time. */
  private readonly serial = new OneAtATime();

  constructor(private readonly db: Connection) {}

  private get devices() {
    return this.db.collection<BouncerDevice>('devices');
  }

  register(server: string, pushAccountId: number, registration: PushRegistration, now: Date): Promise<number> {
    const _id = createHash('sha256').update(JSON.stringify([server, pushAccountId, registration.token_kind, registration.ios_app_id ?? null, registration.token])).digest('hex');
    return this.serial.run('devices', async () => {
      const known = await this.devices.findOne({ _id });
      if (known) return known.deviceId;
      const deviceId = await this.nextDeviceId();
      await this.ids.replaceOne({ _id: deviceId }, { device: _id }, { upsert: true });
      await this.devices.insertOne({ _id, deviceId, server, pushAccountId, tokenKind: registration.token_kind, token: registration.token, iosAppId: registration.ios_app_id ?? null, registeredAt: now });
      return deviceId;
    });
  }

  /** The server's device of `deviceId` (another server's is none of its business). */
  async ofServer(server: string, deviceId: number): Promise<BouncerDevice | null> {
    const id = await this.ids.findOne({ _id: deviceId });
    const device = id && (await this.devices.findOne({ _id: id.device }));
    return device && device.server === server ? device : null;
  }

  /** Forgets a device a provider called dead; registered again, it gets a new id. */
  async forget(deviceId: number): Promise<void> {
    const id = await this.ids.findOne({ _id: deviceId });
    if (id) await this.devices.deleteOne({ _id: id.device, deviceId });
    await this.ids.deleteOne({ _id: deviceId });
  }

  /** Device id → the device's `_id`, so a device is found by its id with an `_id` lookup. */
  private get ids() {
    return this.db.collection<{ _id: number; device: string }>('device_ids');
  }

  private async nextDeviceId(): Promise<number> {
    const counter = await this.db.collection<{ _id: string; last: number }>('counters').findOneAndUpdate({ _id: 'devices' }, { $inc: { last: 1 } }, { upsert: true, returnDocument: 'after' });
    return counter!.last;
  }
}

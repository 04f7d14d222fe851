import type { Connection } from 'mongoose';
import { withoutId } from '@zulip-es/platform';
import { noDevices, type UserDevices } from '../devices/user-devices.state';

type Doc<T> = T & { _id: string };

export const devicesDocId = (userId: number): string => `user:${userId}`;

/** The push service's projection: each user's devices, one document by `user:<id>`. */
export class PushRepository {
  constructor(private readonly db: Connection) {}

  get devices() {
    return this.db.collection<Doc<UserDevices>>('devices');
  }

  async devicesOf(userId: number): Promise<UserDevices> {
    const doc = await this.devices.findOne({ _id: devicesDocId(userId) });
    return doc ? withoutId(doc) : noDevices(userId);
  }

  async save(devices: UserDevices): Promise<void> {
    await this.devices.replaceOne({ _id: devicesDocId(devices.userId) }, devices, { upsert: true });
  }
}

import { documentsOf, withoutId, type DocumentCollection, type ProjectionDb } from '@zulip-es/platform';
import { noDevices, type UserDevices } from '../devices/user-devices.state';
import { DEVICES } from './push.schemas';

export const devicesDocId = (userId: number): string => `user:${userId}`;

/** The push service's projection: each user's devices, one document by `user:<id>`. */
export class PushRepository {
  readonly devices: DocumentCollection<UserDevices & { _id: string }>;

  /** `db`: the service's database, or the documents a rebuild hands its projection. */
  constructor(db: ProjectionDb) {
    this.devices = documentsOf(db).of(DEVICES);
  }

  async devicesOf(userId: number): Promise<UserDevices> {
    const doc = await this.devices.findOne({ _id: devicesDocId(userId) });
    return doc ? withoutId(doc) : noDevices(userId);
  }

  async save(devices: UserDevices): Promise<void> {
    await this.devices.replaceOne({ _id: devicesDocId(devices.userId) }, devices, { upsert: true });
  }
}

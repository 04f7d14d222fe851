import { eventsTopic, RealmCreatedV1, RealmSettingChangedV1, type EventEnvelope, type UsersEvent } from '@zulip-es/contracts';
import type { ReadModel } from '@zulip-es/platform';

/** What a notification says of the organization (Zulip's base payload: `realm_id`, `realm_name`, …). */
export interface Organization {
  realmId: number;
  name: string;
  /** The organization's host as users see it (Zulip's `server`). */
  host: string;
  url: string;
}

/** The push service's copy of the organization, from `users.events`. */
export class OrganizationDirectory implements ReadModel {
  readonly name = 'organization';
  readonly topics = [eventsTopic('users')];
  readonly eventTypes: ReadonlySet<UsersEvent['type']> = new Set(['realm.created.v1', 'realm.setting_changed.v1'] as const);
  private organization?: Organization;

  /** The organization, once it exists. */
  get current(): Organization | undefined {
    return this.organization;
  }

  apply(envelope: EventEnvelope): void {
    const event = { type: envelope.type, data: envelope.data };
    const created = RealmCreatedV1.safeParse(event);
    if (created.success) {
      const { realmId, name, host, url } = created.data.data;
      this.organization = { realmId, name, host, url };
      return;
    }
    const changed = RealmSettingChangedV1.safeParse(event);
    if (changed.success && changed.data.data.property === 'name' && typeof changed.data.data.value === 'string' && this.organization) {
      this.organization = { ...this.organization, name: changed.data.data.value };
    }
  }
}

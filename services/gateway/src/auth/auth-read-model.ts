import { z } from 'zod';
import {
  UserCreatedV1,
  UserDeactivatedV1,
  UserEmailChangedV1,
  UserReactivatedV1,
  UserRoleChangedV1,
  type EventEnvelope,
  type Role,
} from '@zulip-es/contracts';

export interface Credential {
  userId: number;
  realmId: number;
  deliveryEmail: string;
  role: Role;
  isActive: boolean;
  apiKeyHash: string;
}

/** The users events that change who may call the API; every other event passes by unparsed. */
const CredentialEvent = z.discriminatedUnion('type', [
  UserCreatedV1,
  UserDeactivatedV1,
  UserReactivatedV1,
  UserRoleChangedV1,
  UserEmailChangedV1,
]);
type CredentialEvent = z.infer<typeof CredentialEvent>;
export const CREDENTIAL_EVENT_TYPES: ReadonlySet<string> = new Set(CredentialEvent.options.map((o) => o.shape.type.value));

/**
 * The gateway's own view of who may call the API, kept in memory from users events: API key
 * hashes, emails, roles and whether the account is active.
 */
export class AuthReadModel {
  private readonly byKeyHash = new Map<string, Credential>();
  private readonly byUserId = new Map<number, Credential>();

  byApiKeyHash(hash: string): Credential | undefined {
    return this.byKeyHash.get(hash);
  }

  apply(envelope: EventEnvelope): void {
    if (!CREDENTIAL_EVENT_TYPES.has(envelope.type)) return;
    this.applyCredentialEvent(CredentialEvent.parse({ type: envelope.type, data: envelope.data }));
  }

  private applyCredentialEvent(event: CredentialEvent): void {
    switch (event.type) {
      case 'user.created.v1': {
        const { userId, realmId, deliveryEmail, role, apiKeyHash } = event.data;
        const credential: Credential = { userId, realmId, deliveryEmail, role, isActive: true, apiKeyHash };
        this.byKeyHash.set(apiKeyHash, credential);
        this.byUserId.set(userId, credential);
        return;
      }
      case 'user.deactivated.v1':
        return this.update(event.data.userId, { isActive: false });
      case 'user.reactivated.v1':
        return this.update(event.data.userId, { isActive: true });
      case 'user.role_changed.v1':
        return this.update(event.data.userId, { role: event.data.role });
      case 'user.email_changed.v1':
        // Basic auth compares the email part with the delivery email: the new one works at once.
        return this.update(event.data.userId, { deliveryEmail: event.data.deliveryEmail });
      default: {
        const unexpected: never = event;
        void unexpected;
      }
    }
  }

  private update(userId: number, change: Partial<Credential>): void {
    const credential = this.byUserId.get(userId);
    if (credential) Object.assign(credential, change);
  }
}

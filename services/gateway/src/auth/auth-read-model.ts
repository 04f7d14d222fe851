import { z } from 'zod';
import {
  CredentialsEvent,
  UserCreatedV1,
  UserCreatedV2,
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

/** Of a user's creation, only the account (its settings are not parsed for each user at every start). */
const ACCOUNT = { userId: true, realmId: true, deliveryEmail: true, role: true } as const;
const AccountCreatedV2 = z.object({ type: UserCreatedV2.shape.type, data: UserCreatedV2.shape.data.pick(ACCOUNT) });
const AccountCreatedV1 = z.object({
  type: UserCreatedV1.shape.type,
  data: UserCreatedV1.shape.data.pick({ ...ACCOUNT, apiKeyHash: true }),
});

/** The records that change who may call the API; every other event passes by unparsed. */
const CredentialEvent = z.discriminatedUnion('type', [
  AccountCreatedV1,
  AccountCreatedV2,
  UserDeactivatedV1,
  UserReactivatedV1,
  UserRoleChangedV1,
  UserEmailChangedV1,
  ...CredentialsEvent.options,
]);
type CredentialEvent = z.infer<typeof CredentialEvent>;
export const CREDENTIAL_EVENT_TYPES: ReadonlySet<string> = new Set(CredentialEvent.options.map((o) => o.shape.type.value));

interface IssuedKey {
  apiKeyHash: string;
  /** When it was issued: a later key replaces an earlier one, whichever is read first. */
  time: string;
}

/**
 * The gateway's own view of who may call the API, kept in memory: accounts (emails, roles,
 * whether active) from `users.events`, API key hashes from the private `users.credentials` (and
 * from `user.created.v1` in older logs). The two topics are read side by side, so a key may be
 * known before its account or after; only a key whose account is known authenticates.
 */
export class AuthReadModel {
  /** Accounts, each with its key's hash once that is known ('' until then). */
  private readonly accounts = new Map<number, Credential>();
  private readonly keys = new Map<number, IssuedKey>();
  private readonly userByKeyHash = new Map<string, number>();

  /** Called on every authenticated request: two lookups, nothing allocated. */
  byApiKeyHash(hash: string): Credential | undefined {
    const userId = this.userByKeyHash.get(hash);
    const account = userId === undefined ? undefined : this.accounts.get(userId);
    return account?.apiKeyHash === hash ? account : undefined;
  }

  apply(envelope: EventEnvelope): void {
    if (!CREDENTIAL_EVENT_TYPES.has(envelope.type)) return;
    this.applyCredentialEvent(CredentialEvent.parse({ type: envelope.type, data: envelope.data }), envelope.time);
  }

  private applyCredentialEvent(event: CredentialEvent, time: string): void {
    switch (event.type) {
      case 'user.created.v1':
      case 'user.created.v2': {
        const { userId, realmId, deliveryEmail, role } = event.data;
        const apiKeyHash = this.keys.get(userId)?.apiKeyHash ?? '';
        this.accounts.set(userId, { userId, realmId, deliveryEmail, role, isActive: true, apiKeyHash });
        if (event.type === 'user.created.v1') this.issueKey(userId, event.data.apiKeyHash, time);
        return;
      }
      case 'user.credentials_issued.v1':
        return this.issueKey(event.data.userId, event.data.apiKeyHash, time);
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

  private issueKey(userId: number, apiKeyHash: string, time: string): void {
    const current = this.keys.get(userId);
    if (current && current.time > time) return;
    if (current) this.userByKeyHash.delete(current.apiKeyHash);
    this.keys.set(userId, { apiKeyHash, time });
    this.userByKeyHash.set(apiKeyHash, userId);
    this.update(userId, { apiKeyHash });
  }

  private update(userId: number, change: Partial<Credential>): void {
    const account = this.accounts.get(userId);
    if (account) Object.assign(account, change);
  }
}

import { UsersEvent, type EventEnvelope, type Role } from '@zulip-es/contracts';

export interface Credential {
  userId: number;
  deliveryEmail: string;
  role: Role;
  isActive: boolean;
  apiKeyHash: string;
}

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
    const parsed = UsersEvent.safeParse({ type: envelope.type, data: envelope.data });
    if (!parsed.success) return; // an event type this gateway does not need
    const event = parsed.data;
    switch (event.type) {
      case 'realm.created.v1':
        return;
      case 'user.created.v1': {
        const credential: Credential = {
          userId: event.data.userId,
          deliveryEmail: event.data.deliveryEmail,
          role: event.data.role,
          isActive: true,
          apiKeyHash: event.data.apiKeyHash,
        };
        this.byKeyHash.set(credential.apiKeyHash, credential);
        this.byUserId.set(credential.userId, credential);
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
      case 'user.full_name_changed.v1':
      case 'user.profile_data_changed.v1':
      case 'custom_profile_field.created.v1':
      case 'custom_profile_field.updated.v1':
      case 'custom_profile_field.deleted.v1':
      case 'custom_profile_fields.reordered.v1':
        return;
      case 'realm.user_settings_default_changed.v1':
      case 'user.settings_changed.v1':
      // Navigation views and linkifiers do not concern credentials.
      case 'navigation_view.added.v1':
      case 'navigation_view.updated.v1':
      case 'navigation_view.removed.v1':
      case 'linkifier.added.v1':
      case 'linkifier.changed.v1':
      case 'linkifier.removed.v1':
      case 'linkifiers.reordered.v1':
        return;
      // Organization settings and user groups do not affect authentication.
      case 'realm.setting_changed.v1':
      case 'user_group.created.v1':
      case 'user_group.updated.v1':
      case 'user_group.members_added.v1':
      case 'user_group.members_removed.v1':
      case 'user_group.subgroups_added.v1':
      case 'user_group.subgroups_removed.v1':
      case 'user_group.deactivated.v1':
        return;
      case 'user_status.changed.v1':
        return;
      case 'presence.changed.v1':
        return;
      case 'invitation.created.v1':
      case 'invitation.resent.v1':
      case 'invitation.revoked.v1':
      case 'invitation.accepted.v1':
        return;
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

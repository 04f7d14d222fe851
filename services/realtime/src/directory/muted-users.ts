import type { DomainEventOf } from '../domain-event';

type MuteEvent = DomainEventOf<'user.muted.v1' | 'user.unmuted.v1'>;

interface Mute {
  /** Unix seconds: Zulip's `timestamp`. */
  mutedAt: number;
  fromMessageId: number;
}

/**
 * Who muted whom: a user's whole list makes Zulip's `muted_users` event, and a message from a
 * muted sender reaches the user read.
 */
export class MutedUsers {
  /** User id → muted user id → the mute, in the order muted. */
  private readonly byUser = new Map<number, Map<number, Mute>>();

  /** Zulip's `muted_users`: `[{id, timestamp}]`. */
  of(userId: number): { id: number; timestamp: number }[] {
    return [...(this.byUser.get(userId) ?? new Map<number, Mute>())].map(([id, m]) => ({ id, timestamp: m.mutedAt }));
  }

  /** Whether `userId` had muted `senderId` when message `messageId` was sent. */
  hasMuted(userId: number, senderId: number, messageId: number): boolean {
    const mute = this.byUser.get(userId)?.get(senderId);
    return mute !== undefined && messageId >= mute.fromMessageId;
  }

  apply(event: MuteEvent): void {
    const { userId, mutedUserId } = event.data;
    const mutes = this.byUser.get(userId) ?? this.byUser.set(userId, new Map()).get(userId)!;
    switch (event.type) {
      case 'user.muted.v1':
        mutes.delete(mutedUserId);
        mutes.set(mutedUserId, { mutedAt: Math.floor(Date.parse(event.data.mutedAt) / 1000), fromMessageId: event.data.fromMessageId });
        return;
      case 'user.unmuted.v1':
        mutes.delete(mutedUserId);
        if (mutes.size === 0) this.byUser.delete(userId);
        return;
      default: {
        const unexpected: never = event;
        throw new Error(`muted users cannot apply ${JSON.stringify(unexpected)}`);
      }
    }
  }
}

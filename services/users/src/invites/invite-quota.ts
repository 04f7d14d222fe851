import type { UsersRepository } from '../projection/users.repository';

const DAY_MS = 24 * 3600 * 1000;

export interface InviteSend {
  /** `created:<inviteId>` or `resent:<inviteId>:<time>`. */
  key: string;
  at: string;
}

/** `invite_quota:<userId>`: the invitation emails a user sent in the last 24 hours. */
export const inviteQuotaId = (userId: number): string => `invite_quota:${userId}`;

/**
 * Adds one send and forgets those a day older than it. Keyed by the send, so applying an event
 * again changes nothing, and pruned by event times only, so a rebuilt projection is identical.
 */
export async function recordInviteSent(repo: UsersRepository, userId: number, send: InviteSend): Promise<void> {
  const current = (await repo.inviteQuotas.findOne({ _id: inviteQuotaId(userId) }))?.sent ?? [];
  if (current.some((s) => s.key === send.key)) return;
  const horizon = Date.parse(send.at) - DAY_MS;
  const sent = [...current, send].filter((s) => Date.parse(s.at) > horizon);
  await repo.inviteQuotas.replaceOne({ _id: inviteQuotaId(userId) }, { sent }, { upsert: true });
}

/** How many invitation emails `userId` sent in the 24 hours before `now`. */
export async function recentInvitesBy(repo: UsersRepository, userId: number, now: Date): Promise<number> {
  const sent = (await repo.inviteQuotas.findOne({ _id: inviteQuotaId(userId) }))?.sent ?? [];
  return sent.filter((s) => Date.parse(s.at) > now.getTime() - DAY_MS).length;
}

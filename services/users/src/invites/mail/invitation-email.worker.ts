import type { UsersConfig } from '../../config';
import type { UsersRepository } from '../../projection/users.repository';
import { deriveInviteKey } from '../invite-key';
import { invitationEmail } from './invitation-email';
import { InvitationEmailJob } from './invitation-email.job';
import type { Mailer, SendOutcome } from './mailer';

export interface InvitationEmailDeps {
  repo: UsersRepository;
  mailer: Mailer;
  config: Pick<UsersConfig, 'API_KEY_SECRET' | 'REALM_URL' | 'EMAIL_FROM'>;
}

/**
 * Sends the email of one job. The key is derived again from the nonce the event carried; the
 * mailer keys the message by job id, so running a job twice sends one email.
 */
export async function sendInvitationEmail(jobId: string, data: unknown, deps: InvitationEmailDeps): Promise<SendOutcome> {
  const job = InvitationEmailJob.parse(data);
  const [realm, referrer] = await Promise.all([deps.repo.realm(), deps.repo.user(job.referrerId)]);
  if (!realm || !referrer) throw new Error(`invitation ${job.inviteId}: organization or referrer ${job.referrerId} unknown`);
  const message = invitationEmail({
    from: deps.config.EMAIL_FROM ?? `noreply@${new URL(deps.config.REALM_URL).hostname}`,
    to: job.email,
    key: deriveInviteKey(deps.config.API_KEY_SECRET, job.inviteId, job.keyNonce),
    realmName: realm.name,
    realmUrl: deps.config.REALM_URL,
    referrerName: referrer.fullName,
    referrerEmail: referrer.deliveryEmail,
    expiresAt: job.expiresAt,
  });
  return deps.mailer.send(`invitation-${job.inviteId}-${jobId}`, message);
}

import type { UsersConfig } from '../../config';
import type { UsersRepository } from '../../projection/users.repository';
import { deriveInviteKey } from '../invite-key';
import { invitationEmail, type MailMessage } from './invitation-email';
import { registrationEmail } from './registration-email';
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
  const message = await messageFor(job, deps);
  return deps.mailer.send(`invitation-${job.inviteId}-${jobId}`, message);
}

async function messageFor(job: InvitationEmailJob, deps: InvitationEmailDeps): Promise<MailMessage> {
  const common = {
    from: deps.config.EMAIL_FROM ?? `noreply@${new URL(deps.config.REALM_URL).hostname}`,
    to: job.email,
    key: deriveInviteKey(deps.config.API_KEY_SECRET, job.inviteId, job.keyNonce),
    realmUrl: deps.config.REALM_URL,
  };
  // Asked for through a link: the address's holder asked, nobody invited them.
  if (job.linkId !== undefined) {
    const realm = await deps.repo.realm();
    if (!realm) throw new Error(`invitation ${job.inviteId}: organization unknown`);
    return registrationEmail({ ...common, realmName: realm.name, expiresAt: job.expiresAt });
  }
  const [realm, referrer] = await Promise.all([deps.repo.realm(), deps.repo.user(job.referrerId)]);
  if (!realm || !referrer) throw new Error(`invitation ${job.inviteId}: organization or referrer ${job.referrerId} unknown`);
  return invitationEmail({
    ...common,
    realmName: realm.name,
    referrerName: referrer.fullName,
    referrerEmail: referrer.deliveryEmail,
    expiresAt: job.expiresAt,
  });
}

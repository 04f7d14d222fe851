import { invitationLink } from '../invite-key';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface InvitationEmailInput {
  from: string;
  to: string;
  key: string;
  realmName: string;
  realmUrl: string;
  referrerName: string;
  referrerEmail: string;
  /** ISO time, or null when the invitation never expires. */
  expiresAt: string | null;
}

/** The invitation email (Zulip's `zerver/emails/invitation` in plain text). */
export function invitationEmail(input: InvitationEmailInput): MailMessage {
  const link = invitationLink(input.realmUrl, input.key);
  const expiry = input.expiresAt === null ? 'This invitation does not expire.' : `This invitation expires at ${input.expiresAt}.`;
  return {
    from: input.from,
    to: input.to,
    subject: `${input.referrerName} invited you to join ${input.realmName}`,
    text: [
      'Hi there,',
      '',
      `${input.referrerName} (${input.referrerEmail}) wants you to join them on Zulip, in the organization ${input.realmName} (${input.realmUrl}).`,
      '',
      'To get started, open this link:',
      link,
      '',
      `Or accept with any Zulip API client: POST ${input.realmUrl.replace(/\/+$/, '')}/api/v1/invites/accept with key=${input.key}, full_name and password.`,
      '',
      expiry,
      '',
      '(Sent by Zulip on behalf of the organization. If you did not expect it, you can ignore this message.)',
      '',
    ].join('\n'),
  };
}

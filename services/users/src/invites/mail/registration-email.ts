import { invitationLink } from '../invite-key';
import type { MailMessage } from './invitation-email';

export interface RegistrationEmailInput {
  from: string;
  to: string;
  key: string;
  realmName: string;
  realmUrl: string;
  /** ISO time, or null when the link never expires. */
  expiresAt: string | null;
}

/**
 * The email to an address someone named through a reusable link (Zulip's
 * `zerver/emails/confirm_registration` in plain text): whoever opens it proves they hold the
 * address, and only then is an account created for it.
 */
export function registrationEmail(input: RegistrationEmailInput): MailMessage {
  const realmUrl = input.realmUrl.replace(/\/+$/, '');
  return {
    from: input.from,
    to: input.to,
    subject: 'Activate your Zulip account',
    text: [
      'Hi there,',
      '',
      `You recently signed up for Zulip. Awesome! To join the organization ${input.realmName} (${realmUrl}), open this link:`,
      invitationLink(input.realmUrl, input.key),
      '',
      `Or accept with any Zulip API client: POST ${realmUrl}/api/v1/invites/accept with key=${input.key}, full_name and password.`,
      '',
      input.expiresAt === null ? 'This link does not expire.' : `This link expires at ${input.expiresAt}.`,
      '',
      '(Someone asked to join with this address through an invitation link. If it was not you, you can ignore this message.)',
      '',
    ].join('\n'),
  };
}

/**
 * Zulip's `get_invitee_emails_set`: addresses separated by commas or newlines, `Name <addr>`
 * reduced to `addr`, surrounding space stripped, exact duplicates collapsed; blank entries are
 * skipped (Zulip skips them later, in `do_invite_users`). First-seen order is kept.
 */
export function parseInviteeEmails(raw: string): string[] {
  const emails = new Set<string>();
  for (const entry of raw.split(/[,\n]/)) {
    const named = /<(?<email>.*)>/.exec(entry);
    const email = (named?.groups?.email ?? entry).trim();
    if (email !== '') emails.add(email);
  }
  return [...emails];
}

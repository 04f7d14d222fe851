/**
 * Zulip's `get_fake_email_domain`: the domain of the dummy addresses of users whose real email
 * not everyone may see. It is the organization's host (as `realm.created.v1` carries it) without
 * its port, since `user5@chat.example.com:9991` is no email address: a Basic-auth user name
 * cannot hold it, and clients check the shape.
 */
export const fakeEmailDomain = (realmHost: string): string => realmHost.replace(/:\d+$/, '').toLowerCase();

/** Zulip's `email` of a user whose real address is hidden: `user<id>@<fake email domain>`. */
export const dummyEmail = (userId: number, realmHost: string): string => `user${userId}@${fakeEmailDomain(realmHost)}`;

/** The user id a dummy address names (Zulip's `get_dummy_email_address_for_display_regex`), else null. */
export function dummyEmailUserId(email: string, realmHost: string): number | null {
  const [local, domain, ...rest] = email.toLowerCase().split('@');
  if (rest.length > 0 || domain !== fakeEmailDomain(realmHost)) return null;
  const match = /^user(\d+)$/.exec(local);
  return match ? Number(match[1]) : null;
}

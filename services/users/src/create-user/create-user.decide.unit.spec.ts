import { Role } from '@zulip-es/contracts';
import { apiKeyHash, deriveApiKey } from '../domain/credentials';
import { aRealm, aUser } from '../testing/users.fixtures';
import { ZULIP_DEFAULT_USER_SETTINGS } from '../user-settings/user-settings.rules';
import { checkCreateUser, decideCreateUser, type CreateUserState } from './create-user.decide';

const now = new Date('2026-01-02T03:04:05.000Z');
const credentials = { passwordHash: 'scrypt$hash', apiKeyNonce: 'nonce-0123456789abcdef', apiKeySecret: 'x'.repeat(32) };
const given = (overrides: Partial<CreateUserState> = {}): CreateUserState => ({
  realm: aRealm(),
  actor: aUser({ userId: 1, role: Role.ADMINISTRATOR }),
  existing: null,
  lastUserId: 7,
  ...overrides,
});
const cmd = (overrides: Partial<{ email: string; password: string; full_name: string }> = {}) => ({
  email: 'new@example.com',
  password: 'correct horse',
  full_name: 'New Person',
  ...overrides,
});

describe('create user', () => {
  it('creates a member with the next user id and a derived API key hash', () => {
    const [event] = decideCreateUser(cmd(), given(), credentials, now);
    expect(event).toMatchObject({
      type: 'user.created.v1',
      aggregateId: 'user:8',
      sequence: 1,
      data: { userId: 8, deliveryEmail: 'new@example.com', fullName: 'New Person', role: Role.MEMBER, dateJoined: now.toISOString() },
    });
    expect(event.data.apiKeyHash).toBe(apiKeyHash(deriveApiKey(credentials.apiKeySecret, 8, credentials.apiKeyNonce)));
  });

  it("gives the new user a copy of the organization's current defaults", () => {
    const realm = aRealm({ userSettingsDefaults: { ...ZULIP_DEFAULT_USER_SETTINGS, color_scheme: 2, email_address_visibility: 3 } });
    const [event] = decideCreateUser(cmd(), given({ realm }), credentials, now);
    expect(event.data).toMatchObject({
      settings: { ...ZULIP_DEFAULT_USER_SETTINGS, color_scheme: 2, email_address_visibility: 3 },
      emailAddressVisibility: 3,
    });
  });

  it('trims the full name', () => {
    const [event] = decideCreateUser(cmd({ full_name: '  Ada  ' }), given(), credentials, now);
    expect(event.data.fullName).toBe('Ada');
  });

  it.each([
    [{ full_name: '   ' }, 'Name too short!'],
    [{ full_name: 'x'.repeat(101) }, 'Name too long!'],
    [{ full_name: 'Evil *bold*' }, 'Invalid characters in name!'],
    [{ email: 'not-an-email' }, 'Bad name or username'],
    [{ password: 'abc' }, 'The password is too weak.'],
    [{ password: 'aaaaaaaa' }, 'The password is too weak.'],
  ])('refuses %j with "%s"', (overrides, msg) => {
    expect(() => checkCreateUser(cmd(overrides), given())).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', msg }));
  });

  it('refuses an email already in use', () => {
    expect(() => checkCreateUser(cmd(), given({ existing: aUser({ userId: 3 }) }))).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', msg: "Email 'new@example.com' already in use" }),
    );
  });

  it('refuses a caller who is not an administrator', () => {
    expect(() => checkCreateUser(cmd(), given({ actor: aUser({ role: Role.MODERATOR }) }))).toThrow(
      expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' }),
    );
  });
});

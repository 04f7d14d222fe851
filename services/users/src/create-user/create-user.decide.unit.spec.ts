import { Role, UserCreatedV2, UserCredentialsIssuedV1 } from '@zulip-es/contracts';
import { apiKeyHash, deriveApiKey } from '../domain/credentials';
import { aRealm, aUser } from '../testing/users.fixtures';
import { ZULIP_DEFAULT_USER_SETTINGS } from '../user-settings/user-settings.rules';
import { checkCreateUser, createdUserApiKey, decideCreateUser, type CreateUserState } from './create-user.decide';

const now = new Date('2026-01-02T03:04:05.000Z');
const credentials = { passwordHash: 'scrypt$hash', apiKeySecret: 'x'.repeat(32) };
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
  it('creates a member with the next user id; the credentials go apart from the public event', () => {
    const { events, credentials: issued } = decideCreateUser(cmd(), given(), credentials, now);
    const [event] = events;
    expect(UserCreatedV2.parse(event)).toMatchObject({
      type: 'user.created.v2',
      data: { userId: 8, deliveryEmail: 'new@example.com', fullName: 'New Person', role: Role.MEMBER, dateJoined: now.toISOString() },
    });
    expect(event).toMatchObject({ aggregateId: 'user:8', sequence: 1 });
    expect(JSON.stringify(event)).not.toMatch(/passwordHash|apiKey|scrypt/);
    const [own] = issued.map((c) => UserCredentialsIssuedV1.shape.data.parse(c));
    expect(own).toMatchObject({ userId: 8, passwordHash: 'scrypt$hash' });
    expect(own.apiKeyHash).toBe(apiKeyHash(deriveApiKey(credentials.apiKeySecret, 8, own.apiKeyNonce)));
  });

  it('hands out the key the credentials hold, rebuilt from the public event alone', () => {
    const { events, credentials: issued } = decideCreateUser(cmd(), given(), credentials, now);
    const key = createdUserApiKey(UserCreatedV2.parse(events[0]).data, credentials.apiKeySecret);
    expect(apiKeyHash(key)).toBe(issued[0].apiKeyHash);
    // Another secret derives another key: the public event alone does not give it away.
    expect(createdUserApiKey(UserCreatedV2.parse(events[0]).data, 'y'.repeat(32))).not.toBe(key);
  });

  it("gives the new user a copy of the organization's current defaults", () => {
    const realm = aRealm({ userSettingsDefaults: { ...ZULIP_DEFAULT_USER_SETTINGS, color_scheme: 2, email_address_visibility: 3 } });
    const [event] = decideCreateUser(cmd(), given({ realm }), credentials, now).events;
    expect(event.data).toMatchObject({
      settings: { ...ZULIP_DEFAULT_USER_SETTINGS, color_scheme: 2, email_address_visibility: 3 },
      emailAddressVisibility: 3,
    });
  });

  it('trims the full name', () => {
    const [event] = decideCreateUser(cmd({ full_name: '  Ada  ' }), given(), credentials, now).events;
    expect(UserCreatedV2.parse(event).data.fullName).toBe('Ada');
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

import { Controller, Inject } from '@nestjs/common';
import { fetchApiKey, type ReplyOf } from '@zulip-es/contracts';
import { DomainError, QueryPattern, type OperationContext } from '@zulip-es/platform';
import { verifyPassword } from '../domain/credentials';
import { USERS_DEPS, type UsersDeps } from '../shared/users-deps';

const FAILED = () => new DomainError('AUTHENTICATION_FAILED', 'Your username or password is incorrect');
/** Verified against when the email is unknown, so a miss takes as long as a wrong password. */
const DECOY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

@Controller()
export class FetchApiKeyHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /**
   * Zulip's `api_fetch_api_key`: the answer names the delivery email, the one Basic auth accepts
   * with the key, even when the user hides it from others behind a dummy address.
   */
  @QueryPattern(fetchApiKey)
  async fetch({ data }: OperationContext<typeof fetchApiKey>): Promise<ReplyOf<typeof fetchApiKey>> {
    const { repo, config, credentials } = this.deps;
    const [realm, user] = await Promise.all([repo.realm(), repo.userByEmail(data.username)]);
    const matches = await verifyPassword(data.password, (user && credentials.of(user)?.passwordHash) ?? DECOY_HASH);
    if (!realm || !user || !matches) throw FAILED();
    if (!user.isActive) throw new DomainError('USER_DEACTIVATED', 'Account is deactivated');
    return {
      api_key: credentials.apiKeyOf(user, config.API_KEY_SECRET),
      email: user.deliveryEmail,
      user_id: user.userId,
    };
  }
}

import { Controller, Inject } from '@nestjs/common';
import { getServerSettings, ZULIP_FEATURE_LEVEL, ZULIP_MERGE_BASE, ZULIP_VERSION, type ReplyOf } from '@zulip-es/contracts';
import { QueryPattern } from '@zulip-es/platform';
import { gravatarUrl } from '../domain/user-view';
import { USERS_DEPS, type UsersDeps } from '../shared/users-deps';

/** Email and password is the one authentication method of this server. */
const AUTHENTICATION_METHODS = {
  password: true,
  dev: false,
  email: true,
  ldap: false,
  remoteuser: false,
  github: false,
  azuread: false,
  gitlab: false,
  apple: false,
  google: false,
  saml: false,
  'openid connect': false,
};

@Controller()
export class ServerSettingsHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @QueryPattern(getServerSettings)
  async get(): Promise<ReplyOf<typeof getServerSettings>> {
    const { repo, config } = this.deps;
    const realm = await repo.knownRealm();
    const server = {
      authentication_methods: AUTHENTICATION_METHODS,
      external_authentication_methods: [],
      zulip_feature_level: ZULIP_FEATURE_LEVEL,
      zulip_version: ZULIP_VERSION,
      zulip_merge_base: ZULIP_MERGE_BASE,
      push_notifications_enabled: config.PUSH_BOUNCER_URL !== '',
      is_incompatible: false,
      email_auth_enabled: true,
      require_email_format_usernames: true,
    };
    if (!realm) return server;
    return {
      ...server,
      realm_uri: realm.url,
      realm_url: realm.url,
      realm_name: realm.name,
      realm_icon: gravatarUrl(realm.url, 1),
      realm_description: realm.settings.description,
      realm_web_public_access_enabled: false,
    };
  }
}

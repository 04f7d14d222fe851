import { fakeEmailDomain } from '@zulip-es/contracts';
import { FIXED_REALM_SCALAR_SETTINGS, REALM_SCALAR_SETTINGS, type RealmState } from '../domain/realm.state';
import { gravatarUrl } from '../domain/user-view';
import { DEFAULT_EXTERNAL_ACCOUNTS } from '../profile-fields/profile-field-definition';
import { settingValueView } from '../user-groups/group-rules';
import { FEATURES_OFF } from './features-off';
import { legacyRealmPolicies } from './legacy-realm-policies';
import type { RegisterContext, RegisterSection } from './register-section';
import { serverParameters } from './server-parameters';

/** The one authentication backend of this server (Zulip's `authentication_methods_dict` lists the server's backends). */
const AUTHENTICATION_METHODS = { Email: { enabled: true, available: true } };

/** Zulip's `Realm.UPGRADE_TEXT_STANDARD`, sent whatever the plan. */
const UPGRADE_TEXT_STANDARD = 'Available on Zulip Cloud Standard. Upgrade to access.';

/** Zulip's default wide logo (`realm_logo_source` "D"), as Zulip names it relative to the organization. */
const DEFAULT_LOGO_URL = '/static/images/logo/zulip-org-logo.svg?version=0';

/**
 * Fetch type `realm`: the organization's settings, the server's parameters and limits, and the
 * features this server does not have (see `FEATURES_OFF`), as Zulip's `fetch_initial_state_data`
 * answers them. `event_queue_longpoll_timeout_seconds` is the gateway's, which holds the long polls.
 */
export const realmSection: RegisterSection = {
  fetchType: 'realm',
  async state(ctx) {
    const { realm, config } = ctx;
    return {
      ...(await organizationSettings(realm, ctx.repo)),
      ...organizationFacts(realm),
      max_file_upload_size_mib: config.MAX_FILE_UPLOAD_SIZE_MIB,
      realm_upload_quota_mib: config.UPLOAD_QUOTA_MIB,
      realm_push_notifications_enabled: config.PUSH_BOUNCER_URL !== '',
      realm_push_notifications_enabled_end_timestamp: null,
      ...serverParameters(ctx),
      ...FEATURES_OFF,
    };
  },
};

/** Every setting an administrator has (or would have, in Zulip), by Zulip's `realm_<name>`. */
async function organizationSettings(realm: RealmState, repo: RegisterContext['repo']): Promise<Record<string, unknown>> {
  const { settings } = realm;
  const scalars = { ...REALM_SCALAR_SETTINGS, ...FIXED_REALM_SCALAR_SETTINGS };
  return {
    realm_name: realm.name,
    ...Object.fromEntries(Object.entries(scalars).map(([name, key]) => [`realm_${name}`, settings[key]])),
    // Deprecated in Zulip 10.0 (feature level 358): false only for "none".
    realm_allow_edit_history: settings.messageEditHistoryVisibilityPolicy !== 'none',
    // Deprecated in Zulip 11.0 (feature level 392) for `realm_topics_policy`.
    realm_mandatory_topics: settings.topicsPolicy === 'disable_empty_topic',
    ...(await groupSettingFields(realm, repo)),
    ...legacyRealmPolicies(settings.groups),
  };
}

/** What the organization is, rather than what it chose. */
function organizationFacts(realm: RealmState): Record<string, unknown> {
  return {
    realm_date_created: Math.floor(Date.parse(realm.createdAt) / 1000),
    realm_url: realm.url,
    realm_uri: realm.url,
    realm_bot_domain: fakeEmailDomain(realm.host),
    realm_icon_url: gravatarUrl(realm.url, 1),
    realm_icon_source: 'G',
    realm_logo_url: DEFAULT_LOGO_URL,
    realm_logo_source: 'D',
    realm_night_logo_url: DEFAULT_LOGO_URL,
    realm_night_logo_source: 'D',
    realm_authentication_methods: AUTHENTICATION_METHODS,
    realm_email_auth_enabled: true,
    realm_password_auth_enabled: true,
    realm_presence_disabled: false,
    realm_plan_type: 1,
    zulip_plan_is_not_limited: true,
    upgrade_text_for_wide_organization_logo: UPGRADE_TEXT_STANDARD,
    realm_default_external_accounts: DEFAULT_EXTERNAL_ACCOUNTS,
  };
}

/** `realm_can_*_group`: each group-valued setting as a group id or `{direct_members, direct_subgroups}`. */
async function groupSettingFields(realm: RealmState, repo: RegisterContext['repo']): Promise<Record<string, unknown>> {
  const users = await repo.allUsers();
  const ctx = { usersById: new Map(users.map((u) => [u.userId, u])) };
  return Object.fromEntries(Object.entries(realm.settings.groups).map(([name, value]) => [`realm_${name}`, settingValueView(ctx, value)]));
}

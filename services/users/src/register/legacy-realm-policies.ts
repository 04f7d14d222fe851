import type { GroupSettingEventValue } from '@zulip-es/contracts';
import type { RealmState } from '../domain/realm.state';
import { SystemGroup, systemGroupById, type SystemGroupName } from '@zulip-es/zulip-rules';

/** Zulip's `Realm.SYSTEM_GROUPS_ENUM_MAP`: the old policy enum a system group stood for. */
const POLICY_OF_GROUP: Partial<Record<SystemGroupName, number>> = {
  [SystemGroup.OWNERS]: 7,
  [SystemGroup.ADMINISTRATORS]: 2,
  [SystemGroup.MODERATORS]: 4,
  [SystemGroup.FULL_MEMBERS]: 3,
  [SystemGroup.MEMBERS]: 1,
  [SystemGroup.EVERYONE]: 5,
  [SystemGroup.NOBODY]: 6,
};

/** Zulip's `Realm.SYSTEM_GROUPS_TO_WILDCARD_MENTION_POLICY_MAP` (another numbering). */
const WILDCARD_POLICY_OF_GROUP: Partial<Record<SystemGroupName, number>> = {
  [SystemGroup.EVERYONE]: 1,
  [SystemGroup.MEMBERS]: 2,
  [SystemGroup.FULL_MEMBERS]: 3,
  [SystemGroup.MODERATORS]: 7,
  [SystemGroup.ADMINISTRATORS]: 5,
  [SystemGroup.NOBODY]: 6,
};

const COMMON_POLICY_TYPES = [1, 2, 3, 4];
const CREATE_WEB_PUBLIC_STREAM_POLICY_TYPES = [2, 4, 6, 7];
const POLICY_MEMBERS_ONLY = 1;
const POLICY_MODERATORS_ONLY = 4;
const WILDCARD_POLICY_EVERYONE = 1;

const systemGroupOf = (value: GroupSettingEventValue): SystemGroupName | undefined =>
  typeof value === 'number' ? systemGroupById(value)?.name : undefined;

/** Zulip's `get_corresponding_policy_value_for_group_setting`; another group maps to the largest group the enum had. */
function policyFor(value: GroupSettingEventValue, valid: readonly number[], fallback: number): number {
  const group = systemGroupOf(value);
  const policy = group === undefined ? undefined : POLICY_OF_GROUP[group];
  return policy !== undefined && valid.includes(policy) ? policy : fallback;
}

function wildcardMentionPolicy(value: GroupSettingEventValue): number {
  const group = systemGroupOf(value);
  return group === undefined ? WILDCARD_POLICY_EVERYONE : (WILDCARD_POLICY_OF_GROUP[group] ?? WILDCARD_POLICY_EVERYONE);
}

/**
 * The deprecated enum forms of four group settings, which clients of older servers still read
 * (the mobile app requires `realm_wildcard_mention_policy`).
 */
export function legacyRealmPolicies(groups: RealmState['settings']['groups']): Record<string, number> {
  return {
    realm_create_public_stream_policy: policyFor(groups.can_create_public_channel_group, COMMON_POLICY_TYPES, POLICY_MEMBERS_ONLY),
    realm_create_private_stream_policy: policyFor(groups.can_create_private_channel_group, COMMON_POLICY_TYPES, POLICY_MEMBERS_ONLY),
    realm_create_web_public_stream_policy: policyFor(
      groups.can_create_web_public_channel_group,
      CREATE_WEB_PUBLIC_STREAM_POLICY_TYPES,
      POLICY_MODERATORS_ONLY,
    ),
    realm_wildcard_mention_policy: wildcardMentionPolicy(groups.can_mention_many_users_group),
  };
}

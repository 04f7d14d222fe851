import { DEFAULT_REALM_GROUP_SETTINGS } from '../testing/users.fixtures';
import { legacyRealmPolicies } from './legacy-realm-policies';

describe('the deprecated policy enums of group settings', () => {
  it("gives a new organization's defaults as Zulip's enums", () => {
    expect(legacyRealmPolicies(DEFAULT_REALM_GROUP_SETTINGS)).toEqual({
      realm_create_public_stream_policy: 1,
      realm_create_private_stream_policy: 1,
      realm_create_web_public_stream_policy: 7,
      realm_wildcard_mention_policy: 5,
    });
  });

  it('maps each system group to its enum, and any other value to the largest group the enum had', () => {
    const groups = {
      ...DEFAULT_REALM_GROUP_SETTINGS,
      can_create_public_channel_group: 4,
      can_mention_many_users_group: 7,
      can_create_web_public_channel_group: 1,
    };
    expect(legacyRealmPolicies(groups)).toMatchObject({
      realm_create_public_stream_policy: 4,
      realm_wildcard_mention_policy: 1,
      realm_create_web_public_stream_policy: 6,
    });
    const custom = {
      ...DEFAULT_REALM_GROUP_SETTINGS,
      can_create_private_channel_group: 21,
      can_mention_many_users_group: { directMembers: [3], directSubgroups: [] },
      can_create_web_public_channel_group: 7,
    };
    expect(legacyRealmPolicies(custom)).toMatchObject({
      realm_create_private_stream_policy: 1,
      realm_wildcard_mention_policy: 1,
      realm_create_web_public_stream_policy: 4,
    });
  });
});

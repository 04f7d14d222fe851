import { Role } from '@zulip-es/contracts';
import { membershipWith, aGroup, U } from '../testing/groups.fixtures';
import { REALM_GROUP_SETTING_CONFIG } from './permission-settings';

describe("the organization's group-valued settings", () => {
  it('never lets a guest delete any message, even as a member of the group that may', () => {
    const membership = membershipWith([aGroup({ memberIds: [U.guest] })]);
    const guest = { userId: U.guest, role: Role.GUEST };
    expect(membership.hasPermission(guest, 20, REALM_GROUP_SETTING_CONFIG.can_delete_any_message_group)).toBe(false);
    expect(membership.hasPermission(guest, 20, REALM_GROUP_SETTING_CONFIG.can_delete_own_message_group)).toBe(true);
  });
});

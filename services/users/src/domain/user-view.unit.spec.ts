import { Role } from '@zulip-es/contracts';
import { aRealm, aUser } from '../testing/users.fixtures';
import { userView } from './user-view';

describe('user view', () => {
  const realm = aRealm();

  it('formats the API user dict as Zulip does', () => {
    const user = aUser({ userId: 5, role: Role.ADMINISTRATOR, dateJoined: '2026-03-04T05:06:07.890Z' });
    expect(userView(user, user, realm, { clientGravatar: false, includeProfileData: true })).toEqual({
      user_id: 5,
      email: 'person@example.com',
      delivery_email: 'person@example.com',
      full_name: 'Person',
      date_joined: '2026-03-04T05:06+00:00',
      is_active: true,
      is_owner: false,
      is_admin: true,
      is_guest: false,
      is_bot: false,
      role: 200,
      timezone: '',
      avatar_url: expect.stringMatching(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/),
      avatar_version: 1,
      profile_data: {},
    });
  });

  it('shows the dummy address and hides the real one when visibility is restricted', () => {
    const target = aUser({ userId: 7, emailAddressVisibility: 3 });
    const view = userView(target, aUser({ userId: 8 }), realm, { clientGravatar: true, includeProfileData: false });
    expect(view).toMatchObject({ email: 'user7@chat.example.com', delivery_email: null, avatar_url: null });
    expect(view).not.toHaveProperty('profile_data');
  });

  it('builds the dummy address on the host without its port', () => {
    const target = aUser({ userId: 7, emailAddressVisibility: 4 });
    const view = userView(target, aUser({ userId: 8 }), aRealm({ host: 'chat.example.com:9991' }), {
      clientGravatar: true,
      includeProfileData: false,
    });
    expect(view.email).toBe('user7@chat.example.com');
  });
});

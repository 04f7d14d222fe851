import type { UserState } from '../domain/user.state';
import { exportConsents } from './export-consents';

const user = (userId: number, extra: Partial<UserState> = {}): UserState =>
  ({ userId, isActive: true, isBot: false, ...extra }) as UserState;

describe('GET /export/realm/consents', () => {
  it("lists each active human user's consent, by user id, Zulip's default being no", () => {
    const users = [
      user(3, { settings: { allow_private_data_export: true } }),
      user(1),
      user(2, { isActive: false, settings: { allow_private_data_export: true } }),
      user(4, { isBot: true, settings: { allow_private_data_export: true } }),
    ];
    expect(exportConsents(users)).toEqual([
      { user_id: 1, consented: false },
      { user_id: 3, consented: true },
    ]);
  });
});

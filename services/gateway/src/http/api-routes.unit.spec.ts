import { getUser, updateUser, updateUserByEmail, updateCustomProfileField, getOwnUser } from '@zulip-es/contracts';
import { routePath } from './api-routes';

describe('routePath', () => {
  it('lets numeric path parameters match digits only, so an id and an email route apart', () => {
    expect(routePath(updateUser)).toBe('/users/:user_id(^\\d+$)');
    expect(routePath(getUser)).toBe('/users/:user_id(^\\d+$)');
    expect(routePath(updateCustomProfileField)).toBe('/realm/profile_fields/:field_id(^\\d+$)');
    expect(routePath(updateUserByEmail)).toBe('/users/:email');
    expect(routePath(getOwnUser)).toBe('/users/me');
  });
});

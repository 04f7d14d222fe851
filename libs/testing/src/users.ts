import { randomBytes } from 'node:crypto';
import { Role } from '@zulip-es/contracts';
import { api, owner, type Credentials } from './zulip-client';

export interface TestUser extends Credentials {
  userId: number;
  password: string;
  fullName: string;
}

export const uniqueEmail = (label = 'user'): string => `${label}-${randomBytes(5).toString('hex')}@example.com`;

/** Creates a user through the API (as the owner), gives it `role`, and fetches its API key. */
export async function createUser(options: { role?: Role; label?: string } = {}): Promise<TestUser> {
  const email = uniqueEmail(options.label);
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const fullName = `Test ${options.label ?? 'user'}`;
  const created = await api('POST', '/users', { auth: owner(), params: { email, password, full_name: fullName } });
  if (created.status !== 200) throw new Error(`create user failed: ${JSON.stringify(created.body)}`);
  const userId = created.body.user_id as number;
  if (options.role !== undefined && options.role !== Role.MEMBER) {
    const changed = await api('PATCH', `/users/${userId}`, { auth: owner(), params: { role: options.role } });
    if (changed.status !== 200) throw new Error(`role change failed: ${JSON.stringify(changed.body)}`);
  }
  const key = await api('POST', '/fetch_api_key', { params: { username: email, password } });
  if (key.status !== 200) throw new Error(`fetch_api_key failed: ${JSON.stringify(key.body)}`);
  return { userId, email, password, fullName, apiKey: key.body.api_key as string };
}

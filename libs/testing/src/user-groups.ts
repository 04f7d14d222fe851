import { randomBytes } from 'node:crypto';
import { api, owner, type Credentials, type Params } from './zulip-client';

/** The system groups' ids, the same in every organization. */
export const SYSTEM_GROUP_IDS = {
  nobody: 1,
  owners: 2,
  administrators: 3,
  moderators: 4,
  fullmembers: 5,
  members: 6,
  everyone: 7,
  internet: 8,
} as const;

export const uniqueGroupName = (label = 'group'): string => `${label}-${randomBytes(5).toString('hex')}`;

/** Creates a user group through the API (as the owner unless `auth` says otherwise) and returns its id. */
export async function createGroup(params: Params = {}, auth: Credentials = owner()): Promise<number> {
  const res = await api('POST', '/user_groups/create', {
    auth,
    params: { name: uniqueGroupName(), description: 'A test group', members: [], ...params },
  });
  if (res.status !== 200) throw new Error(`create group failed: ${JSON.stringify(res.body)}`);
  return res.body.group_id as number;
}

/** One group as GET /user_groups shows it (deactivated ones included). */
export async function getGroup(groupId: number, auth: Credentials = owner()): Promise<Record<string, unknown> | undefined> {
  const res = await api('GET', '/user_groups', { auth, params: { include_deactivated_groups: true } });
  return (res.body.user_groups as Record<string, unknown>[]).find((g) => g.id === groupId);
}

import type zulip from 'zulip-js';
import { uniqueGroupName } from '@zulip-es/testing';
import { failed, newUserClient, succeeded } from './zulip-js-client';

/**
 * E14 user groups through `callEndpoint`: on POST zulip-js JSON-encodes the id lists itself;
 * on GET booleans go as 'true'/'false' in the query string.
 */

interface Group {
  id: number;
  name: string;
  description: string;
  members: number[];
  direct_subgroup_ids: number[];
  deactivated: boolean;
}

const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });

describe('zulip-js: user groups (E14)', () => {
  let creator: zulip.Client;
  let creatorId: number;
  const create = async (params: zulip.Params = {}): Promise<number> =>
    succeeded(
      await creator.callEndpoint<{ group_id: number }>('/user_groups/create', 'POST', {
        name: uniqueGroupName('zjs'),
        description: 'Made with zulip-js',
        members: [],
        ...params,
      }),
    ).group_id;
  const groupOf = async (id: number): Promise<Group | undefined> =>
    succeeded(
      await creator.callEndpoint<{ user_groups: Group[] }>('/user_groups', 'GET', { include_deactivated_groups: 'true' }),
    ).user_groups.find((g) => g.id === id);
  beforeAll(async () => {
    const made = await newUserClient({ label: 'zjs-groups' });
    creator = made.client;
    creatorId = made.user.userId;
  });

  it('creates a group with members, changes its members and subgroups, and lists them', async () => {
    const { user: other } = await newUserClient({ label: 'zjs-group-member' });
    const name = uniqueGroupName('zjs-team');
    const created = succeeded(
      await creator.callEndpoint<{ group_id: number }>('/user_groups/create', 'POST', {
        name,
        description: 'Our team',
        members: [creatorId],
      }),
    );
    expect(created).toEqual({ result: 'success', msg: '', group_id: expect.any(Number) });
    const team = created.group_id;
    expect(await groupOf(team)).toMatchObject({
      name,
      description: 'Our team',
      members: [creatorId],
      direct_subgroup_ids: [],
      deactivated: false,
    });

    succeeded(await creator.callEndpoint(`/user_groups/${team}/members`, 'POST', { add: [other.userId], delete: [creatorId] }));
    const inner = await create({ members: [creatorId] });
    expect(succeeded(await creator.callEndpoint(`/user_groups/${team}/subgroups`, 'POST', { add: [inner] }))).toEqual({
      result: 'success',
      msg: '',
    });

    expect(succeeded(await creator.callEndpoint<{ members: number[] }>(`/user_groups/${team}/members`)).members).toEqual(
      [creatorId, other.userId].sort((a, b) => a - b),
    );
    expect(
      succeeded(await creator.callEndpoint<{ members: number[] }>(`/user_groups/${team}/members`, 'GET', { direct_member_only: 'true' }))
        .members,
    ).toEqual([other.userId]);
    expect(succeeded(await creator.callEndpoint<{ subgroups: number[] }>(`/user_groups/${team}/subgroups`)).subgroups).toEqual([inner]);
    expect(
      succeeded(await creator.callEndpoint<{ is_user_group_member: boolean }>(`/user_groups/${team}/members/${creatorId}`))
        .is_user_group_member,
    ).toBe(true);
  });

  it('refuses a subgroup that would make a cycle, and one already there', async () => {
    const inner = await create();
    const outer = await create({ subgroups: [inner] });
    expect(failed(await creator.callEndpoint(`/user_groups/${inner}/subgroups`, 'POST', { add: [outer] }))).toEqual(
      error(`User group ${inner} is already a subgroup of one of the passed subgroups.`),
    );
    expect(failed(await creator.callEndpoint(`/user_groups/${outer}/subgroups`, 'POST', { add: [inner] }))).toEqual(
      error(`User group ${inner} is already a subgroup of this group.`),
    );
    expect((await groupOf(inner))!.direct_subgroup_ids).toEqual([]);
  });

  it('deactivates a group (a POST without parameters), listed only when deactivated groups are asked for', async () => {
    const id = await create();
    expect(succeeded(await creator.callEndpoint(`/user_groups/${id}/deactivate`, 'POST'))).toEqual({ result: 'success', msg: '' });
    expect((await groupOf(id))!.deactivated).toBe(true);
    const active = succeeded(await creator.callEndpoint<{ user_groups: Group[] }>('/user_groups')).user_groups;
    expect(active.some((g) => g.id === id)).toBe(false);
  });

  it('refuses a name already taken, and another member deactivating a group they do not manage', async () => {
    const name = uniqueGroupName('zjs-taken');
    const id = await create({ name });
    expect(failed(await creator.callEndpoint('/user_groups/create', 'POST', { name, description: 'Twin', members: [] }))).toEqual(
      error(`User group '${name}' already exists.`),
    );
    const { client: stranger } = await newUserClient({ label: 'zjs-group-stranger' });
    expect(failed(await stranger.callEndpoint(`/user_groups/${id}/deactivate`, 'POST'))).toEqual(error('Insufficient permission'));
  });
});

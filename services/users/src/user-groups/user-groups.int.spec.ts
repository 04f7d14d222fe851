import { api, captureEvents, createUser, owner, systemInfo, uniqueGroupName, type EventCapture } from '@zulip-es/testing';

describe('user group events on users.events', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('users');
  });
  afterAll(() => capture.stop());

  it('publishes creation, updates, membership, subgroups and deactivation of a group, with ids and changed fields only', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const sub = (
      await api('POST', '/user_groups/create', { auth: owner(), params: { name: uniqueGroupName(), description: '', members: [] } })
    ).body.group_id as number;
    const name = uniqueGroupName('events');
    const created = await api('POST', '/user_groups/create', {
      auth: owner(),
      params: { name, description: 'Events', members: [a.userId] },
    });
    const id = created.body.group_id as number;
    const ownerId = systemInfo().owner.userId;
    await api('PATCH', `/user_groups/${id}`, { auth: owner(), params: { description: 'Changed', name, can_mention_group: { new: 6 } } });
    await api('POST', `/user_groups/${id}/members`, { auth: owner(), params: { add: [b.userId], delete: [a.userId] } });
    await api('POST', `/user_groups/${id}/subgroups`, { auth: owner(), params: { add: [sub] } });
    await api('POST', `/user_groups/${id}/subgroups`, { auth: owner(), params: { delete: [sub] } });
    await api('POST', `/user_groups/${id}/deactivate`, { auth: owner() });

    const ofGroup = (e: { aggregateId: string }) => e.aggregateId === `group:${id}`;
    await capture.waitFor((e) => ofGroup(e) && e.type === 'user_group.deactivated.v1');
    expect(capture.events.filter(ofGroup).map((e) => [e.type, e.sequence, e.data, e.actorId])).toEqual([
      [
        'user_group.created.v1',
        1,
        {
          groupId: id,
          name,
          description: 'Events',
          isSystemGroup: false,
          creatorId: ownerId,
          dateCreated: expect.any(String),
          memberIds: [a.userId],
          subgroupIds: [],
          settings: {
            can_add_members_group: { directMembers: [ownerId], directSubgroups: [] },
            can_join_group: 1,
            can_leave_group: 7,
            can_manage_group: { directMembers: [ownerId], directSubgroups: [] },
            can_mention_group: 7,
            can_remove_members_group: 1,
          },
        },
        ownerId,
      ],
      ['user_group.updated.v1', 2, { groupId: id, description: 'Changed', settings: { can_mention_group: 6 } }, ownerId],
      ['user_group.members_added.v1', 3, { groupId: id, userIds: [b.userId] }, ownerId],
      ['user_group.members_removed.v1', 4, { groupId: id, userIds: [a.userId] }, ownerId],
      ['user_group.subgroups_added.v1', 5, { groupId: id, subgroupIds: [sub] }, ownerId],
      ['user_group.subgroups_removed.v1', 6, { groupId: id, subgroupIds: [sub] }, ownerId],
      ['user_group.deactivated.v1', 7, { groupId: id }, ownerId],
    ]);
  });

  it('publishes nothing for a refused request or an update that changes nothing', async () => {
    const name = uniqueGroupName('quiet');
    const id = (await api('POST', '/user_groups/create', { auth: owner(), params: { name, description: 'Same', members: [] } })).body
      .group_id as number;
    await capture.waitFor((e) => e.aggregateId === `group:${id}`);
    await api('PATCH', `/user_groups/${id}`, { auth: owner(), params: { name, description: 'Same' } });
    await api('POST', `/user_groups/${id}/subgroups`, { auth: owner(), params: { add: [id] } });
    await api('POST', `/user_groups/${id}/members`, { auth: owner(), params: { add: [99999999] } });
    expect(await capture.settle((e) => e.aggregateId === `group:${id}` && e.sequence > 1)).toEqual([]);
  });
});

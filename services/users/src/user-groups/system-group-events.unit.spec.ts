import { UserGroupCreatedV1 } from '@zulip-es/contracts';
import type { UsersNewEvent } from '../shared/users-new-event';
import { systemGroupsCreated } from './system-group-events';

const created = (event: UsersNewEvent) => UserGroupCreatedV1.parse(event).data;

describe('system groups of a new organization', () => {
  it("creates Zulip's eight role groups with ids 1-8, chained owners ⊂ … ⊂ internet, settings all nobody", () => {
    const events = systemGroupsCreated();
    expect(events.map((e) => [e.aggregateId, e.sequence, created(e).name, created(e).subgroupIds])).toEqual([
      ['group:1', 1, 'role:nobody', []],
      ['group:2', 1, 'role:owners', []],
      ['group:3', 1, 'role:administrators', [2]],
      ['group:4', 1, 'role:moderators', [3]],
      ['group:5', 1, 'role:fullmembers', [4]],
      ['group:6', 1, 'role:members', [5]],
      ['group:7', 1, 'role:everyone', [6]],
      ['group:8', 1, 'role:internet', [7]],
    ]);
    for (const event of events) {
      expect(created(event)).toMatchObject({ isSystemGroup: true, creatorId: null, dateCreated: null, memberIds: [] });
      expect(Object.values(created(event).settings)).toEqual([1, 1, 1, 1, 1, 1]);
    }
  });
});

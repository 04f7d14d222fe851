import { systemGroupsCreated } from './system-group-events';

describe('system groups of a new organization', () => {
  it("creates Zulip's eight role groups with ids 1-8, chained owners ⊂ … ⊂ internet, settings all nobody", () => {
    const events = systemGroupsCreated();
    expect(events.map((e) => [e.aggregateId, e.sequence, e.data.name, e.data.subgroupIds])).toEqual([
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
      expect(event.data).toMatchObject({ isSystemGroup: true, creatorId: null, dateCreated: null, memberIds: [] });
      expect(Object.values(event.data.settings as object)).toEqual([1, 1, 1, 1, 1, 1]);
    }
  });
});

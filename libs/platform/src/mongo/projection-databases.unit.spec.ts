import { newestProjection, olderProjections, projectionDatabase } from './projection-databases';

describe("a service's projection databases", () => {
  it('are named by service and version', () => {
    expect(projectionDatabase('users', 6)).toBe('users_p6');
  });

  it('keep the newest older one as the previous release and call the rest stale, the unversioned one oldest', () => {
    const names = ['admin', 'users', 'users_p5', 'users_p6', 'users_p7', 'messages_p12', 'push_bouncer'];
    expect(olderProjections(names, 'users', 7)).toEqual({ previous: 'users_p6', stale: ['users_p5', 'users'] });
    expect(olderProjections(['users', 'users_p6'], 'users', 6)).toEqual({ previous: 'users', stale: [] });
  });

  it('never take another service database, a similar name or a newer version for an older one', () => {
    const names = ['push_bouncer', 'push_p2', 'push_p1x', 'pushy_p0', 'push'];
    expect(olderProjections(names, 'push', 1)).toEqual({ previous: 'push', stale: [] });
    expect(olderProjections(['users_p8'], 'users', 7)).toEqual({ stale: [] });
  });

  it("find the newest one, the service's current release's", () => {
    expect(newestProjection(['users', 'users_p12', 'users_p9', 'messages_p20'], 'users')).toBe('users_p12');
    expect(newestProjection(['messages_p20'], 'users')).toBeUndefined();
  });
});

import { dummyEmail, Role } from '../../libs/contracts/src';
import { api, createUser, owner, systemInfo, uniqueEmail } from '../../libs/testing/src';
import type { ServiceProcess } from '../system/service-process';
import { extraPort, startInstance } from './extra-processes';

describe('two gateways and two users services at once', () => {
  let gateway2: ServiceProcess;
  let users2: ServiceProcess;

  beforeAll(async () => {
    users2 = await startInstance('users', 'users-2', extraPort(9), { INSTANCE_ID: 'users-2' });
    gateway2 = await startInstance('gateway', 'gateway-2', extraPort(10), { INSTANCE_ID: 'gw-test-2' });
  }, 60_000);

  afterAll(async () => {
    await gateway2.stop();
    await users2.stop();
  });

  it('creates users concurrently through both gateways with unique increasing ids', async () => {
    const gateways = [systemInfo().gatewayUrl, gateway2.url];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api('POST', '/users', {
          baseUrl: gateways[i % 2],
          auth: owner(),
          params: { email: uniqueEmail('multi'), password: 'multi-pw-1', full_name: `Multi ${i}` },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    const ids = results.map((r) => r.body.user_id as number);
    expect(new Set(ids).size).toBe(12);
  });

  it('authenticates on one gateway a user created and changed through the other', async () => {
    const user = await createUser();
    const me = await api('GET', '/users/me', { baseUrl: gateway2.url, auth: user });
    expect(me.body).toMatchObject({ user_id: user.userId, role: Role.MEMBER });
    await api('DELETE', `/users/${user.userId}`, { auth: owner() });
    // The other instance follows the same events a few milliseconds later.
    let status = 200;
    for (let i = 0; i < 50 && status === 200; i++) {
      status = (await api('GET', '/users/me', { baseUrl: gateway2.url, auth: user })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });

  it("answers each user's own change at once, whichever users instance answers them (read-your-writes)", async () => {
    // A user's queries go to the instance owning their key's partition: eight users reach both.
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser({ label: 'multi-ryw' })));
    await Promise.all(
      users.map(async (user) => {
        // Decided by the instance owning key `realm`; the list comes from the other's in-memory users when it owns the user's key.
        expect((await api('PATCH', '/settings', { auth: user, params: { email_address_visibility: 4 } })).status).toBe(200);
        const listed = await api('GET', '/users', { auth: user, params: { user_ids: [user.userId] } });
        expect(listed.body.members).toEqual([
          expect.objectContaining({ user_id: user.userId, email: dummyEmail(user.userId, systemInfo().realmHost) }),
        ]);
      }),
    );
  });

  it('answers queries from either users instance', async () => {
    const answers = await Promise.all(Array.from({ length: 16 }, () => api('GET', '/users/me', { baseUrl: gateway2.url, auth: owner() })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });
});

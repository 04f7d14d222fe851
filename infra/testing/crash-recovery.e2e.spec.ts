import { api, owner, systemInfo, uniqueEmail, type ApiResponse } from '../../libs/testing/src';
import { startInstance } from './extra-processes';

interface Attempt {
  email: string;
  response?: ApiResponse;
}

/** Creates users one after another until told to stop, recording every answer. */
async function creator(stop: () => boolean, attempts: Attempt[]): Promise<void> {
  while (!stop()) {
    const attempt: Attempt = { email: uniqueEmail('crash') };
    attempts.push(attempt);
    attempt.response = await api('POST', '/users', {
      auth: owner(),
      params: { email: attempt.email, password: 'crash-test-pw', full_name: 'Crash test' },
    });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the users service killed with SIGKILL while users are being created', () => {
  it('loses no acknowledged creation and applies none twice', async () => {
    const { pids, ports } = systemInfo();
    const attempts: Attempt[] = [];
    let stopping = false;
    const clients = Array.from({ length: 4 }, () => creator(() => stopping, attempts));

    await sleep(1_500);
    process.kill(pids.users, 'SIGKILL');
    const replacement = await startInstance('users', 'users-replacement', ports.users);
    await sleep(1_500);
    stopping = true;
    await Promise.all(clients);

    const succeeded = attempts.filter((a) => a.response?.status === 200);
    const unknown = attempts.filter((a) => a.response?.status !== 200);
    expect(succeeded.length).toBeGreaterThan(4);
    // Only a timeout may leave the outcome unknown; nothing else may fail.
    for (const a of unknown) expect(a.response?.status).toBe(503);

    const members = (await api('GET', '/users', { auth: owner() })).body.members as { user_id: number; delivery_email: string }[];
    const byEmail = new Map<string, number[]>();
    for (const m of members) byEmail.set(m.delivery_email, [...(byEmail.get(m.delivery_email) ?? []), m.user_id]);
    for (const a of succeeded) expect(byEmail.get(a.email)).toEqual([a.response!.body.user_id]);
    for (const a of unknown) expect((byEmail.get(a.email) ?? []).length).toBeLessThanOrEqual(1);
    expect(new Set(members.map((m) => m.user_id)).size).toBe(members.length);
    expect(replacement.pid).toBeDefined();
  }, 90_000);
});

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, systemInfo } from '../../libs/testing/src';

const repoRoot = path.resolve(__dirname, '..', '..');

/** The operator's command, as the compose `bootstrap` job runs it (the built users service's). */
function createOrganization(env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(repoRoot, 'services', 'users', 'dist', 'create-organization.js')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:19092', ...systemInfo().env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('the command that creates the organization (create-organization)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'credentials-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps the existing organization and writes its owner's working zuliprc, readable by the operator only", async () => {
    const { owner, gatewayUrl } = systemInfo();
    const run = createOrganization({ ZULIP_OWNER_EMAIL: 'someone-else@example.com', CREDENTIALS_DIR: dir, REALM_URL: gatewayUrl });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toContain(`Kept the organization`);
    expect(run.stdout).toContain(path.join(dir, 'zuliprc'));
    const rc = readFileSync(path.join(dir, 'zuliprc'), 'utf8');
    expect(rc).toBe(`[api]\nemail=${owner.email}\nkey=${owner.apiKey}\nsite=${gatewayUrl}\n`);
    expect(statSync(path.join(dir, 'zuliprc')).mode & 0o777).toBe(0o600);
    // No password was made: the organization was not created now.
    expect(existsSync(path.join(dir, 'owner-password'))).toBe(false);
    const me = await api('GET', '/users/me', { auth: { email: owner.email, apiKey: owner.apiKey } });
    expect(me.body).toMatchObject({ user_id: owner.userId, role: 100 });
  });

  it('refuses bad settings before sending anything, naming each variable', () => {
    const run = createOrganization({ ZULIP_OWNER_EMAIL: 'not an address', REALM_URL: 'nowhere', CREDENTIALS_DIR: dir });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ZULIP_OWNER_EMAIL="not an address"');
    expect(run.stderr).toContain('REALM_URL="nowhere"');
    expect(existsSync(path.join(dir, 'zuliprc'))).toBe(false);
  });
});

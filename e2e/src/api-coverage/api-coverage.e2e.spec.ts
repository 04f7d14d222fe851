import { readFileSync } from 'node:fs';
import path from 'node:path';
import { basicAuth, createUser, systemInfo, type Credentials } from '@zulip-es/testing';

/** Every operation of Zulip's API document at this server's feature level (see extract-operations.ts). */
const OPERATIONS = JSON.parse(readFileSync(path.join(__dirname, 'zulip-operations.json'), 'utf8')) as {
  method: string;
  path: string;
  operationId: string | null;
}[];

/** The README's table of operations this server does not serve, with the reason for each. */
function notServed(): Set<string> {
  const readme = readFileSync(path.join(__dirname, '../../../README.md'), 'utf8');
  const section = readme.split('## Zulip API operations not served')[1]?.split('\n## ')[0] ?? '';
  // Cells are padded to the column's width (the formatter aligns Markdown tables).
  const rows = [...section.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) +\| `([^`]+)` +\| (.+?) *\|$/gmu)];
  for (const row of rows) if (row[3]!.trim() === '') throw new Error(`README: ${row[1]} ${row[2]} is listed without a reason`);
  return new Set(rows.map((row) => `${row[1]} ${row[2]}`));
}

/** A value for a path parameter that the server's routes would take. */
function sample(name: string): string {
  if (name.includes('email')) return 'nobody@example.com';
  if (name === 'filename') return 'notes.txt';
  if (name === 'fragment') return 'inbox';
  if (name === 'emoji_name') return 'octopus';
  return '1';
}

const concrete = (route: string): string => route.replace(/\{([^}]+)\}/gu, (_, name: string) => sample(name));

/**
 * Whether the gateway routes the request: anything but its unknown-endpoint 404 and its 405. No
 * parameters are sent, so a routed operation answers an error at most (some answer HTML).
 */
async function routed(auth: Credentials, method: string, route: string): Promise<boolean> {
  const res = await fetch(`${systemInfo().gatewayUrl}/api/v1${concrete(route)}`, { method, headers: { authorization: basicAuth(auth) } });
  if (res.status === 405) return false;
  if (res.status !== 404 || !res.headers.get('content-type')?.includes('json')) return true;
  return ((await res.json()) as { msg?: unknown }).msg !== 'Not Found';
}

describe("Zulip's API document: every operation is served, or listed in the README with the reason", () => {
  let member: Credentials;
  const excluded = notServed();
  beforeAll(async () => {
    // A member with no data of interest: no call below can change anything that matters.
    member = await createUser({ label: 'api-coverage' });
  });

  it('walks the whole document', () => {
    expect(OPERATIONS.length).toBeGreaterThan(130);
  });

  it.each(OPERATIONS.filter((op) => !excluded.has(`${op.method} ${op.path}`)).map((op) => [`${op.method} ${op.path}`, op] as const))(
    'routes %s',
    async (_name, op) => {
      // The one call that would deactivate the caller gets a member of its own.
      const caller = op.method === 'DELETE' && op.path === '/users/me' ? await createUser({ label: 'api-coverage-leaving' }) : member;
      expect(await routed(caller, op.method, op.path)).toBe(true);
    },
  );

  it.each([...excluded].map((key) => [key] as const))(
    '%s, listed as not served, is indeed not routed (else the README is stale)',
    async (key) => {
      const [method, route] = key.split(' ') as [string, string];
      expect(OPERATIONS.some((op) => op.method === method && op.path === route)).toBe(true);
      expect(await routed(member, method, route)).toBe(false);
    },
  );
});

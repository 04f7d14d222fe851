import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { systemInfo, testDataDir } from './system-info';
import type { Credentials } from './zulip-client';

/** The Python clients' environment that the global setup installed, or its failure to install. */
export function pythonClients(): { python: string; zulipTerm: string } {
  const clients = systemInfo().pythonClients;
  if ('error' in clients) throw new Error(`the Python clients are not installed: ${clients.error}`);
  return clients;
}

/**
 * A zuliprc for `credentials` on the system under test, as a user downloads it from their
 * settings (mode 600: zulip-terminal refuses one that others can read), in a new folder under
 * the test data. Returns the file's path.
 */
export function writeZuliprc(credentials: Credentials, label: string, extra = ''): string {
  const parent = path.join(testDataDir(), 'python-clients');
  mkdirSync(parent, { recursive: true });
  const file = path.join(mkdtempSync(path.join(parent, `${label}-`)), 'zuliprc');
  writeFileSync(file, `[api]\nemail=${credentials.email}\nkey=${credentials.apiKey}\nsite=${systemInfo().gatewayUrl}\n${extra}`, {
    mode: 0o600,
  });
  return file;
}

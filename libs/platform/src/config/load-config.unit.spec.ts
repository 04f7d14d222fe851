import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, loadConfig } from './load-config';

const schema = z.object({
  API_KEY_SECRET: z.string().min(32),
  SMTP_PASSWORD: z.string().optional(),
  PORT: z.coerce.number().int().default(9991),
});

describe('configuration from files (Docker secrets)', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), 'config-files-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: string) => {
    const at = path.join(dir, name);
    writeFileSync(at, content);
    return at;
  };

  it('reads X from the file X_FILE names, less its final line break', () => {
    const secret = 'a'.repeat(40);
    const config = loadConfig(schema, { API_KEY_SECRET_FILE: file('api', `${secret}\n`), SMTP_PASSWORD_FILE: file('smtp', 'p w\r\n') });
    expect(config).toEqual({ API_KEY_SECRET: secret, SMTP_PASSWORD: 'p w', PORT: 9991 });
  });

  it('lets X set in the environment win over X_FILE', () => {
    const config = loadConfig(schema, { API_KEY_SECRET: 'e'.repeat(32), API_KEY_SECRET_FILE: file('other', 'f'.repeat(32)) });
    expect(config.API_KEY_SECRET).toBe('e'.repeat(32));
  });

  it('refuses a file that cannot be read, naming the variable and the file', () => {
    const missing = path.join(dir, 'nope');
    expect(() => loadConfig(schema, { API_KEY_SECRET_FILE: missing })).toThrow(
      new ConfigError([`API_KEY_SECRET_FILE=${JSON.stringify(missing)}: cannot be read (ENOENT)`]),
    );
  });

  it("checks the file's content as the variable's, without showing a secret", () => {
    const short = file('short', 'too-short');
    expect(() => loadConfig(schema, { API_KEY_SECRET_FILE: short })).toThrow(/API_KEY_SECRET=\(hidden\) \(from API_KEY_SECRET_FILE\): /);
  });

  it('ignores _FILE variables of names the service does not read', () => {
    expect(loadConfig(schema, { API_KEY_SECRET: 'k'.repeat(32), UNRELATED_FILE: '/nonexistent' }).PORT).toBe(9991);
  });
});

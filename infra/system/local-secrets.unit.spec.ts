import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEVELOPMENT_SECRETS } from '../../libs/platform/src/config/secrets';
import { localSecrets, secretsFile } from './local-secrets';

describe("a local system's secrets", () => {
  const before = process.env.ZULIP_DATA_DIR;
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'local-secrets-'));
    process.env.ZULIP_DATA_DIR = dir;
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    if (before === undefined) delete process.env.ZULIP_DATA_DIR;
    else process.env.ZULIP_DATA_DIR = before;
  });

  it('are random in a new data folder, kept readable by the owner only, and the same at every later start', () => {
    const first = localSecrets({});
    expect(first.API_KEY_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(first.UPLOAD_URL_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(first.API_KEY_SECRET).not.toBe(first.UPLOAD_URL_SECRET);
    expect(statSync(secretsFile()).mode & 0o777).toBe(0o600);
    expect(localSecrets({})).toEqual(first);
    expect(JSON.parse(readFileSync(secretsFile(), 'utf8'))).toEqual(first);
  });

  it('stay the development ones in a data folder whose stack was set up before secrets were kept: its API keys keep working', () => {
    mkdirSync(path.join(dir, 'kafka', 'data'), { recursive: true });
    writeFileSync(path.join(dir, 'kafka', 'data', 'meta.properties'), 'cluster.id=x\n');
    expect(localSecrets({})).toEqual(DEVELOPMENT_SECRETS);
  });

  it('give way to a secret set in the environment', () => {
    const secret = 'e'.repeat(40);
    expect(localSecrets({ API_KEY_SECRET: secret }).API_KEY_SECRET).toBe(secret);
  });
});

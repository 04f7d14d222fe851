import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { outboxMailer } from './mailer';

describe('the outbox mailer, checked for the health answer', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'outbox-check-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is ready when its folder can be made and written to', async () => {
    await expect(outboxMailer(path.join(dir, 'outbox')).check()).resolves.toBeUndefined();
  });

  it('is not ready when its folder cannot be made, saying why', async () => {
    const file = path.join(dir, 'a-file');
    await writeFile(file, '');
    await expect(outboxMailer(path.join(file, 'outbox')).check()).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TAR_END, tarFileHeader, tarPadding } from './tar';

function archive(files: { name: string; body: Buffer }[]): Buffer {
  const mtime = new Date('2026-11-27T12:00:00Z');
  return Buffer.concat([
    ...files.flatMap((f) => [tarFileHeader(f.name, f.body.length, mtime), f.body, tarPadding(f.body.length)]),
    TAR_END,
  ]);
}

describe('the tar writer', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tar-spec-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes an archive that tar reads back: short, long and non-ASCII names, empty and block-sized files', () => {
    const long = `top/objects/1/ab/${'x'.repeat(24)}/${'a-very-long-file-name-'.repeat(6)}.txt`;
    const files = [
      { name: 'top/manifest.json', body: Buffer.from('{"a":1}\n') },
      { name: long, body: Buffer.from('long name') },
      { name: 'top/objects/1/cd/y/résumé 😀.txt', body: Buffer.from('unicode') },
      { name: 'top/empty', body: Buffer.alloc(0) },
      { name: 'top/block', body: Buffer.alloc(512, 7) },
    ];
    const file = path.join(dir, 'a.tar');
    writeFileSync(file, archive(files));
    const listed = spawnSync('tar', ['-tf', file], { encoding: 'utf8' });
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual(files.map((f) => f.name));
    const out = path.join(dir, 'out');
    spawnSync('mkdir', ['-p', out]);
    expect(spawnSync('tar', ['-xf', file, '-C', out]).status).toBe(0);
    for (const f of files) expect(readFileSync(path.join(out, f.name))).toEqual(f.body);
  });

  it('pads data to whole 512-byte blocks', () => {
    expect(tarPadding(0).length).toBe(0);
    expect(tarPadding(1).length).toBe(511);
    expect(tarPadding(512).length).toBe(0);
    expect(tarFileHeader('a', 1, new Date()).length).toBe(512);
  });
});

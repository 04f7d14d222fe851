import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildProgress } from './provision-go';

describe("a Go build's progress, read from its log", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'go-build-log-'));
  const log = path.join(dir, 'build.log');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the modules downloaded until the first package compiles', () => {
    writeFileSync(
      log,
      '# 2026-11-26T10:00:00Z github.com/minio/minio@v0\ngo: downloading github.com/a/b v1.0.0\ngo: downloading github.com/c/d v2.1.0\n',
    );
    expect(buildProgress(log)).toBe('2 modules downloaded');
  });

  it('then counts the packages compiled (go build -v names each)', () => {
    writeFileSync(
      log,
      '# header\ngo: downloading github.com/a/b v1.0.0\ninternal/unsafeheader\ngithub.com/a/b\ngithub.com/minio/minio/cmd\n',
    );
    expect(buildProgress(log)).toBe('3 packages compiled');
  });

  it('says nothing before the log has any line, or without a log', () => {
    writeFileSync(log, '# header\n');
    expect(buildProgress(log)).toBeUndefined();
    expect(buildProgress(path.join(dir, 'missing.log'))).toBeUndefined();
  });
});

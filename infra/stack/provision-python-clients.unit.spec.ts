import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findPython310, installProgress, newestPython310, pinnedVersions } from './provision-python-clients';

describe("the Python clients' environment", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'python-clients-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the pinned versions of a requirements file, by lower-case name, skipping comments', () => {
    const pins = pinnedVersions('# comment\nzulip==0.9.1\nzulip-term==0.7.0\nPygments==2.21.0\n\nloose>=1\n');
    expect([...pins]).toEqual([
      ['zulip', '0.9.1'],
      ['zulip-term', '0.7.0'],
      ['pygments', '2.21.0'],
    ]);
  });

  it("picks pyenv's newest 3.10.N by number, not by text, and no other version", () => {
    expect(newestPython310(['3.9.18', '3.10.9', '3.10.13', '3.11.7', '3.10-dev', 'system'])).toBe('3.10.13');
    expect(newestPython310(['3.11.7', '3.12.1'])).toBeUndefined();
  });

  it("uses pyenv's 3.10 under PYENV_ROOT, and ZULIP_PYTHON310 before it", () => {
    const bin = path.join(dir, 'versions', '3.10.4', 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, 'python3.10'), '');
    expect(findPython310({ PYENV_ROOT: dir })).toBe(path.join(bin, 'python3.10'));
    const chosen = path.join(dir, 'python3.10');
    writeFileSync(chosen, '');
    expect(findPython310({ PYENV_ROOT: dir, ZULIP_PYTHON310: chosen })).toBe(chosen);
    expect(() => findPython310({ ZULIP_PYTHON310: path.join(dir, 'missing') })).toThrow(
      /ZULIP_PYTHON310 is .*missing, which does not exist/,
    );
  });

  it('tells how far pip got from its log: packages fetched, then installing', () => {
    const log = path.join(dir, 'install.log');
    writeFileSync(log, '# header\nCollecting zulip==0.9.1\n  Using cached zulip-0.9.1.whl\nCollecting zulip-term==0.7.0\n');
    expect(installProgress(log)).toMatch(/^2 of \d+ packages fetched$/);
    writeFileSync(log, 'Collecting zulip==0.9.1\nInstalling collected packages: zulip\n');
    expect(installProgress(log)).toBe('installing the packages');
    expect(installProgress(path.join(dir, 'none.log'))).toBeUndefined();
  });
});

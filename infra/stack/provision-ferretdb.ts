/** FerretDB 1.x (MongoDB wire protocol on SQLite), built from source once per machine. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureGoBinary, type GoProgram } from './provision-go';
import type { Say } from './util';

export const FERRETDB_VERSION = '1.24.2';

export const FERRETDB: GoProgram = {
  label: 'ferretdb',
  module: 'github.com/FerretDB/FerretDB',
  version: `v${FERRETDB_VERSION}`,
  pkg: './cmd/ferretdb',
  binary: 'ferretdb',
  cacheKey: `ferretdb-${FERRETDB_VERSION}`,
  estimate: '~2-3 min',
  // FerretDB panics at start unless build/version/version.txt holds its version (its release
  // tooling writes it; the module zip does not ship it).
  patchSource: (dir) => {
    const versionDir = path.join(dir, 'build', 'version');
    fs.writeFileSync(path.join(versionDir, 'version.txt'), `v${FERRETDB_VERSION}\n`);
    fs.writeFileSync(path.join(versionDir, 'package.txt'), 'zulip-es\n');
  },
};

export const ensureFerretDb = (say: Say): Promise<string> => ensureGoBinary(FERRETDB, say);

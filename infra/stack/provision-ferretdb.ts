/** FerretDB 1.x (MongoDB wire protocol on SQLite), built from source once per machine. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureGoBinary, type GoProgram } from './provision-go';
import type { Say } from './util';

export const FERRETDB_VERSION = '1.24.2';

/**
 * FerretDB 1.24's SQLite backend indexes `_id` as `_ferretdb_sjson->"_id"` but looks it up (find,
 * update, delete) through `_ferretdb_sjson->'$._id'`. SQLite uses an expression index only for the
 * same expression text, so every lookup by `_id` scanned the whole table: about 50 ms for a miss
 * in a collection of 3,500 documents, and every new command's outcome lookup is a miss. Both forms
 * mean the same path, so the lookups are made to use the indexed one.
 */
const ID_COLUMN_AS_SHIPPED = `IDColumn = DefaultColumn + "->'$._id'"`;
const ID_COLUMN_AS_INDEXED = 'IDColumn = DefaultColumn + `->"_id"`';

export const FERRETDB: GoProgram = {
  label: 'ferretdb',
  module: 'github.com/FerretDB/FerretDB',
  version: `v${FERRETDB_VERSION}`,
  pkg: './cmd/ferretdb',
  binary: 'ferretdb',
  // Names the patch too: a machine with an unpatched build builds this one beside it.
  cacheKey: `ferretdb-${FERRETDB_VERSION}-id-index`,
  estimate: '~2-3 min',
  patchSource: (dir) => {
    // FerretDB panics at start unless build/version/version.txt holds its version (its release
    // tooling writes it; the module zip does not ship it).
    const versionDir = path.join(dir, 'build', 'version');
    fs.writeFileSync(path.join(versionDir, 'version.txt'), `v${FERRETDB_VERSION}\n`);
    fs.writeFileSync(path.join(versionDir, 'package.txt'), 'zulip-es\n');
    replaceOnce(path.join(dir, 'internal', 'backends', 'sqlite', 'metadata', 'metadata.go'), ID_COLUMN_AS_SHIPPED, ID_COLUMN_AS_INDEXED);
  },
};

export const ensureFerretDb = (say: Say): Promise<string> => ensureGoBinary(FERRETDB, say);

function replaceOnce(file: string, from: string, to: string): void {
  const source = fs.readFileSync(file, 'utf8');
  if (source.split(from).length !== 2) throw new Error(`ferretdb: cannot patch ${file}: expected "${from}" exactly once`);
  fs.writeFileSync(file, source.replace(from, to));
}

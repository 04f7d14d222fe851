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

/**
 * The backend pushes `_id` down to SQL only when the filter is `{_id}` alone, so a
 * compare-and-set filter such as `{_id, rev}` scanned the whole table too (60 ms in 3,000
 * documents). FerretDB's handlers filter every fetched document by the whole filter again in Go,
 * and top-level keys are ANDed, so the `_id` of a larger filter is a correct pre-filter: it is
 * pushed down whenever present (in queries and in their explain).
 */
const ID_PUSHDOWN_AS_SHIPPED = 'if params.Filter.Len() == 1 {';
const ID_PUSHDOWN_WIDENED = 'if params.Filter.Len() >= 1 {';

/**
 * An `update` command (a driver's bulk of replaceOne/updateOne) kept each update's read of the
 * matching document open until the whole command ended (`defer` in the loop over its updates),
 * holding one of the database's 100 SQLite connections each: the 101st update of one request
 * waited for a connection forever, and so did every later request to that database. Each read
 * is closed once its update is done.
 */
const UPDATE_READ_DEFERRED = '\t\tcloser := iterator.NewMultiCloser()\n\t\tdefer closer.Close()\n';
const UPDATE_READ_OPENED = '\t\tcloser := iterator.NewMultiCloser()\n';
const UPDATE_DONE = '\t\tresult, err := common.UpdateDocument(ctx, c, "update", iter, &u)\n';
const UPDATE_DONE_READ_CLOSED = `${UPDATE_DONE}\t\tcloser.Close()\n`;

/**
 * Nor did it push down `{_id: {$in: [...]}}`: reading 50 chunks of a message list by their ids
 * scanned the whole table, 41 ms for one id as for fifty, growing with the collection. A set of
 * string or ObjectID ids (at most 1,000) becomes an SQL `IN` over the same indexed expression;
 * anything else is filtered in Go as before (which still checks every document it gets).
 */
const QUERY_ID_SWITCH = '\t\tswitch v.(type) {\n\t\tcase string, types.ObjectID:\n\t\t\twhereClause =';
const QUERY_ID_SWITCH_WITH_IN =
  '\t\tswitch v.(type) {\n\t\tcase *types.Document:\n\t\t\twhereClause, args = idInClause(v.(*types.Document))\n\t\tcase string, types.ObjectID:\n\t\t\twhereClause =';
const EXPLAIN_ID_SWITCH = '\t\tswitch v.(type) {\n\t\tcase string, types.ObjectID:\n\t\t\tfilterPushdown = true\n';
const EXPLAIN_ID_SWITCH_WITH_IN =
  '\t\tswitch v.(type) {\n\t\tcase *types.Document:\n\t\t\twhereClause, args = idInClause(v.(*types.Document))\n\t\t\tfilterPushdown = whereClause != ""\n\t\tcase string, types.ObjectID:\n\t\t\tfilterPushdown = true\n';
const ID_IN_CLAUSE = `
// idInClause is {$in: [ids]} over the indexed _id expression, for ids that are all strings or
// ObjectIDs; else no clause.
func idInClause(filter *types.Document) (string, []any) {
\tif filter.Len() != 1 {
\t\treturn "", nil
\t}
\tin, _ := filter.Get("$in")
\tids, ok := in.(*types.Array)
\tif !ok || ids.Len() == 0 || ids.Len() > 1000 {
\t\treturn "", nil
\t}
\targs := make([]any, 0, ids.Len())
\tfor i := 0; i < ids.Len(); i++ {
\t\tid := must.NotFail(ids.Get(i))
\t\tswitch id.(type) {
\t\tcase string, types.ObjectID:
\t\t\targs = append(args, string(must.NotFail(sjson.MarshalSingleValue(id))))
\t\tdefault:
\t\t\treturn "", nil
\t\t}
\t}
\tplaces := strings.TrimSuffix(strings.Repeat("?, ", len(args)), ", ")
\treturn fmt.Sprintf(\` WHERE %s IN (%s)\`, metadata.IDColumn, places), args
}
`;

export const FERRETDB: GoProgram = {
  label: 'ferretdb',
  module: 'github.com/FerretDB/FerretDB',
  version: `v${FERRETDB_VERSION}`,
  pkg: './cmd/ferretdb',
  binary: 'ferretdb',
  // Names the patch too: a machine with an unpatched build builds this one beside it.
  cacheKey: `ferretdb-${FERRETDB_VERSION}-id-pushdown-in-update-close`,
  estimate: '~2-3 min',
  patchSource: (dir) => {
    // FerretDB panics at start unless build/version/version.txt holds its version (its release
    // tooling writes it; the module zip does not ship it).
    const versionDir = path.join(dir, 'build', 'version');
    fs.writeFileSync(path.join(versionDir, 'version.txt'), `v${FERRETDB_VERSION}\n`);
    fs.writeFileSync(path.join(versionDir, 'package.txt'), 'zulip-es\n');
    replaceExactly(
      1,
      path.join(dir, 'internal', 'backends', 'sqlite', 'metadata', 'metadata.go'),
      ID_COLUMN_AS_SHIPPED,
      ID_COLUMN_AS_INDEXED,
    );
    const collection = path.join(dir, 'internal', 'backends', 'sqlite', 'collection.go');
    replaceExactly(2, collection, ID_PUSHDOWN_AS_SHIPPED, ID_PUSHDOWN_WIDENED);
    replaceExactly(1, collection, QUERY_ID_SWITCH, QUERY_ID_SWITCH_WITH_IN);
    replaceExactly(1, collection, EXPLAIN_ID_SWITCH, EXPLAIN_ID_SWITCH_WITH_IN);
    fs.appendFileSync(collection, ID_IN_CLAUSE);
    const msgUpdate = path.join(dir, 'internal', 'handler', 'msg_update.go');
    replaceExactly(1, msgUpdate, UPDATE_READ_DEFERRED, UPDATE_READ_OPENED);
    replaceExactly(1, msgUpdate, UPDATE_DONE, UPDATE_DONE_READ_CLOSED);
  },
};

export const ensureFerretDb = (say: Say): Promise<string> => ensureGoBinary(FERRETDB, say);

function replaceExactly(times: number, file: string, from: string, to: string): void {
  const source = fs.readFileSync(file, 'utf8');
  if (source.split(from).length !== times + 1) throw new Error(`ferretdb: cannot patch ${file}: expected "${from}" ${times} time(s)`);
  fs.writeFileSync(file, source.split(from).join(to));
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LexerTable, PygmentsTable } from './lexer-table';

/**
 * The exported tables are 0.7 MB of JSON for a few dozen lexer classes; a message uses one or two, so each class'
 * file is read and parsed on first use and kept for the life of the process. Files are read next to this module,
 * which holds in the sources and in `dist` (the build copies them).
 */
const DIRECTORY = join(__dirname, 'pygments');

const lexerTables = new Map<string, LexerTable>();
let pygmentsTable: PygmentsTable | undefined;

const readJson = (name: string): unknown => JSON.parse(readFileSync(join(DIRECTORY, `${name}.json`), 'utf8'));

export function lexerTable(className: string): LexerTable {
  let table = lexerTables.get(className);
  if (table === undefined) {
    table = readJson(className) as LexerTable;
    lexerTables.set(className, table);
  }
  return table;
}

export function pygments(): PygmentsTable {
  pygmentsTable ??= readJson('pygments') as PygmentsTable;
  return pygmentsTable;
}

/** The exported class `get_lexer_by_name` would pick for a language, or null (unknown to Pygments, or not exported). */
export function lexerClassFor(language: string): string | null {
  const aliases = pygments().aliases;
  const key = language.toLowerCase();
  return Object.hasOwn(aliases, key) ? (aliases[key] ?? null) : null;
}

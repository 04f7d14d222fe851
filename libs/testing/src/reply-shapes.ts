import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { OPERATIONS, type Operation } from '@zulip-es/contracts';
import { testDataDir } from './system-info';

/** How specific a path segment is, as the gateway's router ranks them: a literal beats a digits-only parameter, which beats any text. */
const LITERAL = 2;
const NUMERIC = 1;
const ANY = 0;

interface Route {
  op: Operation;
  pattern: RegExp;
  rank: number[];
}

const WRAPPERS = new Set(['optional', 'default', 'nullable', 'readonly']);

function isNumeric(schema: unknown): boolean {
  let def = (schema as { _zod?: { def: { type: string; innerType?: unknown } } } | undefined)?._zod?.def;
  while (def && WRAPPERS.has(def.type)) def = (def.innerType as { _zod: { def: typeof def } } | undefined)?._zod.def;
  return def?.type === 'number';
}

function routeOf(op: Operation): Route {
  const segments = op.path.split('/').slice(1);
  const rank = segments.map((segment) => {
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (param === undefined) return LITERAL;
    return isNumeric(op.params.shape[param]) ? NUMERIC : ANY;
  });
  const source = segments
    .map((segment, i) => (rank[i] === LITERAL ? segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : rank[i] === NUMERIC ? '\\d+' : '[^/]+'))
    .join('/');
  return { op, pattern: new RegExp(`^/${source}$`), rank };
}

const ROUTES = OPERATIONS.map(routeOf);

const moreSpecific = (a: Route, b: Route): number => {
  for (let i = 0; i < a.rank.length; i++) if (a.rank[i] !== b.rank[i]) return b.rank[i]! - a.rank[i]!;
  return 0;
};

/** The operation the gateway serves for this method and path (under `/api/v1`, query string allowed), if any. */
export function operationAt(method: string, pathAndQuery: string): Operation | undefined {
  const pathOnly = pathAndQuery.split('?')[0]!;
  const candidates = ROUTES.filter((route) => route.op.method === method.toUpperCase() && route.pattern.test(pathOnly));
  return candidates.sort(moreSpecific)[0]?.op;
}

/** What the gateway adds to every success body around the operation's own reply. */
const ENVELOPE_KEYS = ['result', 'msg', 'ignored_parameters_unsupported'];

/**
 * Why a success body does not have its operation's reply shape (`undefined` when it has it):
 * the envelope is checked here, the rest against `Operation.reply`.
 */
export function replyShapeProblem(op: Operation, body: Record<string, unknown>): string | undefined {
  const problems: string[] = [];
  if (body.result !== 'success' || typeof body.msg !== 'string')
    problems.push(`envelope: result ${JSON.stringify(body.result)}, msg ${JSON.stringify(body.msg)}`);
  const own = Object.fromEntries(Object.entries(body).filter(([key]) => !ENVELOPE_KEYS.includes(key)));
  const parsed = op.reply.safeParse(own);
  if (!parsed.success) problems.push(z.prettifyError(parsed.error));
  if (problems.length === 0) return undefined;
  return `${op.method} ${op.path} (${op.type}) answered a body that is not its reply shape:\n${problems.join('\n')}`;
}

/**
 * Throws when a 2xx JSON answer of an operation does not have the operation's reply shape, so
 * that every test calling the API through `api()` checks the shapes it meets. Answers the
 * operation whose reply it checked.
 */
export function checkReplyShape(
  method: string,
  pathAndQuery: string,
  status: number,
  body: Record<string, unknown>,
): Operation | undefined {
  if (status < 200 || status >= 300) return undefined;
  const op = operationAt(method, pathAndQuery);
  if (!op) return undefined;
  const problem = replyShapeProblem(op, body);
  if (problem) throw new Error(problem);
  return op;
}

/**
 * Each check is recorded (the operation's type, one line) so that a run can say how many
 * operations had their replies checked: the global setup starts the file afresh and the
 * teardown counts it (test files run in processes of their own).
 */
export const checkedRepliesFile = (): string => path.join(testDataDir(), 'checked-replies.txt');

export function recordCheckedReply(op: Operation): void {
  appendFileSync(checkedRepliesFile(), `${op.type}\n`);
}

/** The distinct operations whose replies were checked since the file was started afresh. */
export function checkedOperations(): Set<string> {
  if (!existsSync(checkedRepliesFile())) return new Set();
  return new Set(readFileSync(checkedRepliesFile(), 'utf8').split('\n').filter(Boolean));
}

import type { FastifyReply } from 'fastify';

export interface Route {
  method: string;
  /** A fastify route path as `routePath` writes it: `:name` or `:name(^\d+$)` parameters. */
  url: string;
}

interface PathPattern {
  regex: RegExp;
  /** How loosely it matches, compared in order: parameters of any text, then numeric ones. */
  looseness: [number, number];
}

/** `:user_id(^\d+$)`: a numeric parameter, matching digits only. */
const NUMERIC_PARAMETER = /^:\w+\(\^\\d\+\$\)$/;

function patternOf(url: string): PathPattern {
  const segments = url.split('/');
  const source = segments.map((segment) => {
    if (NUMERIC_PARAMETER.test(segment)) return '\\d+';
    if (segment.startsWith(':')) return '[^/]+';
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  const numeric = segments.filter((s) => NUMERIC_PARAMETER.test(s)).length;
  const any = segments.filter((s) => s.startsWith(':')).length - numeric;
  return { regex: new RegExp(`^${source.join('/')}$`), looseness: [any, numeric] };
}

/**
 * The methods a path is routed for, as Zulip's `rest_dispatch` knows them: a URL matches one
 * pattern, the most specific (`/users/me`, then `/users/{user_id}` for digits, then
 * `/users/{email}`), whose methods are listed in the order they were defined. Empty when no
 * route matches the path at all.
 */
export function allowedMethodsFor(routes: readonly Route[]): (path: string) => string[] {
  const patterns = new Map<string, { pattern: PathPattern; methods: string[] }>();
  for (const { method, url } of routes) {
    const entry = patterns.get(url) ?? { pattern: patternOf(url), methods: [] };
    if (!entry.methods.includes(method)) entry.methods.push(method);
    patterns.set(url, entry);
  }
  return (path) => {
    const matching = [...patterns.values()].filter(({ pattern }) => pattern.regex.test(path));
    if (matching.length === 0) return [];
    const [best] = matching.map(({ pattern }) => pattern.looseness).sort(([a1, n1], [a2, n2]) => a1 - a2 || n1 - n2);
    const chosen = matching.filter(({ pattern }) => pattern.looseness[0] === best[0] && pattern.looseness[1] === best[1]);
    return [...new Set(chosen.flatMap(({ methods }) => methods))];
  };
}

/**
 * Zulip's answer to a method its URL is not routed for (`json_method_not_allowed`): HTTP 405
 * with an `Allow` header and `allowed_methods`, and, unlike its other errors, no `code`.
 */
export function renderMethodNotAllowed(reply: FastifyReply, methods: readonly string[]): FastifyReply {
  const payload = { result: 'error', msg: 'Method Not Allowed', allowed_methods: methods };
  return reply.code(405).header('Allow', methods.join(', ')).type('application/json').send(JSON.stringify(payload));
}

import { z } from 'zod';
import type { Operation } from '@zulip-es/contracts';

/**
 * Characters of parameters one request carries at most here: the gateway takes form bodies up to
 * 1 MiB (BODY_LIMIT_BYTES), and JSON inside form values grows when encoded.
 */
export const LARGEST_INPUT_BUDGET = 700_000;
/**
 * The same for a GET, whose parameters travel in the URL: node takes a request line and headers
 * of up to 16 KiB, and URL-encoding JSON about doubles it.
 */
export const LARGEST_QUERY_BUDGET = 6_000;

/** A value for a parameter the generator cannot invent: an id that must exist, say. */
export type ParamValue = (name: string) => unknown;

/**
 * The largest input an operation's parameters take: every text at its bound, every list at its
 * most items, every number at its largest, within LARGEST_INPUT_BUDGET characters in all, or
 * LARGEST_QUERY_BUDGET for a GET (lists first keep their number of items, each item smaller). `given` supplies the parameters that
 * must name something that exists; it answers undefined for the others.
 */
export function largestInput(op: Pick<Operation, 'params' | 'method'>, given: ParamValue = () => undefined): Record<string, unknown> {
  const budget = op.method === 'GET' ? LARGEST_QUERY_BUDGET : LARGEST_INPUT_BUDGET;
  const shape = op.params.shape as Record<string, z.ZodType>;
  const names = Object.keys(shape);
  const input: Record<string, unknown> = {};
  for (const name of names) {
    const fixed = given(name);
    const value = fixed !== undefined ? fixed : largest(shape[name]!, Math.floor(budget / names.length));
    if (value !== undefined) input[name] = value;
  }
  return withinChecks(op.params, input);
}

/**
 * Halves, until the schema takes it, each text, list or number its checks refuse beyond their
 * plain bounds (a status text counted in code points after stripping).
 */
function withinChecks(schema: z.ZodType, input: Record<string, unknown>): Record<string, unknown> {
  for (let round = 0; round < 64; round++) {
    const parsed = schema.safeParse(input);
    if (parsed.success) return input;
    const shrunk = parsed.error.issues.filter((issue) => issue.path.length > 0 && shrink(input, issue.path));
    if (shrunk.length === 0) return input;
  }
  return input;
}

function shrink(root: Record<string, unknown>, path: readonly PropertyKey[]): boolean {
  const parent = path.slice(0, -1).reduce<unknown>((at, key) => (at as Record<PropertyKey, unknown> | undefined)?.[key], root) as
    Record<PropertyKey, unknown> | undefined;
  const key = path.at(-1)!;
  const value = parent?.[key];
  if (typeof value === 'string' && value.length > 1) parent![key] = value.slice(0, Math.ceil(value.length / 2));
  else if (Array.isArray(value) && value.length > 1) parent![key] = value.slice(0, Math.ceil(value.length / 2));
  else if (typeof value === 'number' && value > 1) parent![key] = Math.floor(value / 2);
  else return false;
  return true;
}

const INT_MAX = 2 ** 31 - 1;
const size = (value: unknown): number => JSON.stringify(value ?? null).length;

function largest(schema: z.ZodType, budget: number): unknown {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'string':
      return 'x'.repeat(Math.max(1, Math.min(bound(schema, 'max_length') ?? budget, budget)));
    case 'number':
      return bound(schema, 'less_than') ?? INT_MAX;
    case 'boolean':
      return true;
    case 'enum':
      return longest(Object.values(def.entries as Record<string, string>));
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array': {
      const element = def.element as z.ZodType;
      // As many items as the bound allows and the budget holds, each as large as its share.
      const smallest = size(largest(element, 1)) + 1;
      const items = Math.max(1, Math.min(bound(schema, 'max_length') ?? 1_000, Math.floor(budget / smallest)));
      const each = Math.max(1, Math.floor(budget / items) - 1);
      return Array.from({ length: items }, () => largest(element, each));
    }
    case 'tuple':
      return (def.items as z.ZodType[]).map((item, _i, all) => largest(item, Math.floor(budget / all.length)));
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const entries = Object.entries(shape);
      return Object.fromEntries(
        entries.map(([name, field]) => [name, largest(field, Math.floor(budget / entries.length))]).filter(([, v]) => v !== undefined),
      );
    }
    case 'record': {
      const maxKeys = (z.globalRegistry.get(schema) as { maxKeys?: number } | undefined)?.maxKeys ?? 1;
      const each = Math.max(2, Math.floor(budget / maxKeys));
      return Object.fromEntries(
        Array.from({ length: maxKeys }, (_, i) => [
          `${i}`.padEnd(Math.min(bound(def.keyType as z.ZodType, 'max_length') ?? 10, each), 'k'),
          largest(def.valueType as z.ZodType, each),
        ]),
      );
    }
    case 'union': {
      const options = (def.options as z.ZodType[])
        .map((option) => largest(option, budget))
        .filter((value, i) => (def.options as z.ZodType[])[i]!.safeParse(value).success);
      return options.sort((a, b) => size(b) - size(a))[0];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return largest(def.innerType as z.ZodType, budget);
    case 'pipe':
      return largest(def.in as z.ZodType, budget);
    case 'lazy':
      return largest((def.getter as () => z.ZodType)(), budget);
    case 'unknown':
    case 'any':
      return 'x';
    default:
      return undefined;
  }
}

/** A bound of a text, list or number from its checks: the most characters or items, the largest value. */
function bound(schema: z.ZodType, kind: 'max_length' | 'less_than'): number | undefined {
  const checks = ((schema._zod.def as { checks?: z.core.$ZodCheck[] }).checks ?? []).map(
    (c) => c._zod.def as { check: string; maximum?: number; value?: number | bigint; inclusive?: boolean },
  );
  const found = checks.find((c) => c.check === kind);
  if (!found) return undefined;
  if (kind === 'max_length') return found.maximum;
  const value = Number(found.value);
  return found.inclusive ? value : value - 1;
}

const longest = (values: string[]): string => values.reduce((a, b) => (b.length > a.length ? b : a), '');

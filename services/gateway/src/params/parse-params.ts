import { z } from 'zod';
import type { Operation } from '@zulip-es/contracts';
import { DomainError } from '@zulip-es/platform';
import { varName, zulipValidationMessage } from './zulip-validation-message';

export type RawValues = Record<string, unknown>;

export interface ParsedParams {
  data: Record<string, unknown>;
  /** Parameters the request sent that the operation does not read (sorted). */
  ignored: string[];
}

/**
 * Zulip's request parameters: path, form body and query string (body first), strings taken as
 * they are and everything else JSON-decoded, then validated by the operation's schema with
 * Zulip's messages. A repeated name counts once, with its last value (Django's QueryDict.get).
 */
export function parseParams(op: Pick<Operation, 'params'>, sources: { path: RawValues; query: RawValues; body: RawValues }): ParsedParams {
  const shape = op.params.shape as Record<string, z.ZodType>;
  const raw: Record<string, string> = {};
  for (const source of [sources.query, sources.body, sources.path]) {
    for (const [name, value] of Object.entries(source)) {
      const last = lastString(value);
      if (last !== undefined) raw[name] = last;
    }
  }
  const input: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shape)) {
    const value = raw[name];
    if (value === undefined) {
      if (!schema.safeParse(undefined).success) throw missing(name);
      continue;
    }
    input[name] = isRawString(schema) ? value : decodeJson(name, value);
  }
  const result = op.params.safeParse(input, { error: zulipValidationMessage });
  if (!result.success) {
    // A schema's own message (a bound's, say) names the value as `{var_name}`, as Zulip's do.
    const [issue] = result.error.issues;
    throw new DomainError('BAD_REQUEST', issue.message.replaceAll('{var_name}', varName(issue.path)));
  }
  const ignored = Object.keys(raw)
    .filter((name) => !(name in shape) && !(name in sources.path) && !READ_FOR_EVERY_REQUEST.has(name))
    .sort();
  return { data: result.data as Record<string, unknown>, ignored };
}

/** A parameter's value as a string: the last one of a repeated name (Django's QueryDict.get). */
export function lastString(value: unknown): string | undefined {
  const last = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === 'string' ? last : undefined;
}

/** Read by the gateway itself for every operation (see clientName), as Zulip's middleware does. */
const READ_FOR_EVERY_REQUEST = new Set(['client']);

const missing = (name: string): DomainError =>
  new DomainError('REQUEST_VARIABLE_MISSING', `Missing '${name}' argument`, { var_name: name });

function decodeJson(name: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new DomainError('BAD_REQUEST', `${name} is not valid JSON`);
  }
}

const WRAPPERS = new Set(['optional', 'default', 'nullable', 'prefault', 'readonly', 'catch']);

/** Strings and string enums travel as they are; any other type is JSON inside the form value. */
function isRawString(schema: z.ZodType): boolean {
  let current: z.ZodType = schema;
  for (;;) {
    const wire = (z.globalRegistry.get(current) as { wire?: string } | undefined)?.wire;
    if (wire) return wire === 'raw';
    const def = current._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return def.type === 'string' || def.type === 'enum' || def.type === 'template_literal';
  }
}

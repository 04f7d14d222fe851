import type { z } from 'zod';

/** `draft["content"]`, `user_ids[2]`: how Zulip names a nested value in its messages. */
export function varName(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path;
  return String(first) + rest.map((p) => (typeof p === 'number' ? `[${p}]` : `["${String(p)}"]`)).join('');
}

const TYPE_NAMES: Record<string, string> = {
  int: 'an integer',
  number: 'a float',
  boolean: 'a boolean',
  array: 'a list',
  object: 'a dict',
  record: 'a dict',
  string: 'a string',
};

/** An integer schema says `expected: number` for a non-number input; its format tells it apart from a float. */
function expectedType(issue: z.core.$ZodRawIssue & { code: 'invalid_type' }): string {
  const format = (issue.inst?._zod.def as { format?: string } | undefined)?.format;
  return issue.expected === 'number' && format?.includes('int') ? 'int' : issue.expected;
}

/**
 * Zulip's validation message templates (zerver/lib/typed_endpoint.py), as a zod error map:
 * `schema.safeParse(input, { error: zulipValidationMessage })`.
 */
export function zulipValidationMessage(issue: z.core.$ZodRawIssue): string {
  const v = varName(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type': {
      const expected = expectedType(issue);
      return `${v} is not ${TYPE_NAMES[expected] ?? `a valid ${expected}`}`;
    }
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) === 1 ? `${v} cannot be blank` : `${v} is too short.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${v} is too short.`;
      return `${v} is too small`;
    case 'too_big':
      if (issue.origin === 'string') return `${v} is too long (limit: ${issue.maximum} characters)`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${v} is too long (limit: ${issue.maximum} items)`;
      return `${v} is too large`;
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return `Invalid ${v}`;
    case 'unrecognized_keys':
      return `Argument "${issue.keys[0]}" at ${v} is unexpected`;
    case 'invalid_format':
      return `${v} has invalid format`;
    case 'not_multiple_of':
      return `Invalid ${v}`;
    case 'custom':
      return (issue.message ?? `Invalid ${v}`).replaceAll('{var_name}', v);
    default:
      return `Invalid ${v}`;
  }
}

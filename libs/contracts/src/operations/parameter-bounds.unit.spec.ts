import { z } from 'zod';
import { OPERATIONS } from './index';

/**
 * Every parameter of every operation has a bound, checked at the gateway from these schemas: a
 * text its length, a list its items, an object with free keys its keys. A value of free shape
 * (`unknown`) is allowed only inside such an object, where the owning service checks its shape
 * and the request body's limit its size, and as the unknown keys of an object that refuses them
 * itself (to name them as Zulip does) and says so in its metadata (`unknownKeysRefused`).
 */
function unbounded(schema: z.ZodType, path: string, insideBoundedRecord = false): string[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (s: unknown, p = path) => unbounded(s as z.ZodType, p, insideBoundedRecord);
  switch (def.type) {
    case 'string':
      return maxLength(schema) === undefined ? [`${path} (text)`] : [];
    case 'array':
      return [...(maxLength(schema) === undefined ? [`${path} (list)`] : []), ...inner(def.element, `${path}[]`)];
    case 'record': {
      const bounded = (z.globalRegistry.get(schema) as { maxKeys?: number } | undefined)?.maxKeys !== undefined;
      return [
        ...(bounded ? [] : [`${path} (object with free keys)`]),
        ...unbounded(def.keyType as z.ZodType, `${path}<key>`),
        ...unbounded(def.valueType as z.ZodType, `${path}<value>`, bounded),
      ];
    }
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const catchall = def.catchall as z.ZodType | undefined;
      const fields = Object.entries(shape).flatMap(([name, field]) => inner(field, `${path}.${name}`));
      const refused = (z.globalRegistry.get(schema) as { unknownKeysRefused?: boolean } | undefined)?.unknownKeysRefused === true;
      return catchall && catchall._zod.def.type !== 'never' && !refused ? [...fields, ...inner(catchall, `${path}.*`)] : fields;
    }
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => inner(option));
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((item, i) => inner(item, `${path}[${i}]`));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      return inner(def.in);
    case 'lazy':
      return inner((def.getter as () => z.ZodType)());
    case 'unknown':
    case 'any':
      return insideBoundedRecord ? [] : [`${path} (any value)`];
    default:
      return [];
  }
}

function maxLength(schema: z.ZodType): number | undefined {
  const checks = ((schema._zod.def as { checks?: z.core.$ZodCheck[] }).checks ?? []).map(
    (c) => c._zod.def as { check: string; maximum?: number; length?: number },
  );
  const bound = checks.find((c) => c.check === 'max_length' || c.check === 'length_equals');
  return bound?.maximum ?? bound?.length;
}

describe('the parameters of the operations', () => {
  it.each(OPERATIONS.map((op) => [`${op.method} ${op.path}`, op] as const))('%s are all bounded', (_name, op) => {
    expect(unbounded(op.params, op.path.replace(/^\//, ''))).toEqual([]);
  });

  it('finds an unbounded text, list or object inside any shape', () => {
    const schema = z.object({
      a: z.string().max(3),
      b: z
        .array(z.union([z.int(), z.string()]))
        .max(2)
        .optional(),
      c: z.record(z.string().max(5), z.unknown()),
      d: z.tuple([z.string().max(1), z.array(z.int())]),
    });
    expect(unbounded(schema, 'x')).toEqual(['x.b[] (text)', 'x.c (object with free keys)', 'x.c<value> (any value)', 'x.d[1] (list)']);
  });
});

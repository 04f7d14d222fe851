import { z } from 'zod';
import { defineOperation } from '@zulip-es/contracts';
import { parseParams } from './parse-params';

const op = defineOperation({
  type: 'test.op',
  method: 'POST',
  path: '/things/{thing_id}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  key: 'realm',
  reply: z.object({}),
  params: z.object({
    thing_id: z.int(),
    name: z.string().max(5),
    count: z.int().min(1).optional(),
    flag: z.boolean().default(false),
    ids: z.array(z.int()).optional(),
    options: z.object({ color: z.string() }).strict().optional(),
    role: z.union([z.literal(100), z.literal(200)]).optional(),
    raw_json: z.string().meta({ wire: 'json' }).optional(),
    blank: z.string().min(1).optional(),
  }),
});

const parse = (body: Record<string, unknown>, query: Record<string, unknown> = {}) =>
  parseParams(op, { path: { thing_id: '7' }, query, body });

const fails = (body: Record<string, unknown>, expected: { code: string; msg: string; extra?: Record<string, unknown> }) =>
  expect(() => parse(body)).toThrow(expect.objectContaining(expected));

describe('Zulip parameter parsing', () => {
  it('takes strings as they are and JSON-decodes every other type', () => {
    expect(parse({ name: '[1]', count: '3', flag: 'true', ids: '[1,2]', options: '{"color":"red"}' }).data).toEqual({
      thing_id: 7,
      name: '[1]',
      count: 3,
      flag: true,
      ids: [1, 2],
      options: { color: 'red' },
    });
  });

  it('applies defaults and reads the query string too, the body winning', () => {
    expect(parse({ name: 'body' }, { name: 'query', count: '2' }).data).toEqual({ thing_id: 7, name: 'body', count: 2, flag: false });
  });

  it('takes the last of repeated values', () => {
    expect(parse({ name: ['a', 'b'] }).data.name).toBe('b');
  });

  it('lists unknown parameters, sorted, without refusing them', () => {
    expect(parse({ name: 'x', zeta: '1', alpha: '2' }).ignored).toEqual(['alpha', 'zeta']);
  });

  it('names a missing parameter with REQUEST_VARIABLE_MISSING and var_name', () => {
    fails({}, { code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'name' argument", extra: { var_name: 'name' } });
  });

  it.each([
    [{ name: 'x', count: 'abc' }, 'count is not valid JSON'],
    [{ name: 'x', count: '1.5' }, 'count is not an integer'],
    [{ name: 'x', count: '"3"' }, 'count is not an integer'],
    [{ name: 'x', count: '0' }, 'count is too small'],
    [{ name: 'x', flag: '1' }, 'flag is not a boolean'],
    [{ name: 'x', ids: '{}' }, 'ids is not a list'],
    [{ name: 'x', ids: '[1,"a"]' }, 'ids[1] is not an integer'],
    [{ name: 'x', options: '[]' }, 'options is not a dict'],
    [{ name: 'x', options: '{"color":1}' }, 'options["color"] is not a string'],
    [{ name: 'x', options: '{"color":"red","size":2}' }, 'Argument "size" at options is unexpected'],
    [{ name: 'toolong' }, 'name is too long (limit: 5 characters)'],
    [{ name: 'x', role: '300' }, 'Invalid role'],
    [{ name: 'x', raw_json: 'plain' }, 'raw_json is not valid JSON'],
    [{ name: 'x', blank: '' }, 'blank cannot be blank'],
  ])('refuses %j with "%s"', (body, msg) => {
    fails(body, { code: 'BAD_REQUEST', msg });
  });
});

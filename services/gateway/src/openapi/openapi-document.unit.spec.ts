import { z } from 'zod';
import { defineOperation, OPERATIONS } from '@zulip-es/contracts';
import { openApiDocument } from './openapi-document';

type Doc = { paths: Record<string, Record<string, Record<string, unknown>>> };

describe('the OpenAPI document generated from the operation table', () => {
  const edit = defineOperation({
    type: 'message.edit',
    method: 'PATCH',
    path: '/messages/{message_id}',
    service: 'messages',
    kind: 'command',
    auth: 'user',
    params: z.object({ message_id: z.coerce.number().int(), content: z.string().max(10).optional(), flags: z.array(z.string()).max(3) }),
    reply: z.strictObject({ detached_uploads: z.array(z.strictObject({ id: z.int() })), note: z.string().nullable().optional() }),
    key: 'realm',
  });
  const successOf = (doc: Doc, path: string, method: string): Record<string, unknown> =>
    (doc.paths[path]![method]!.responses as Record<string, { content: Record<string, { schema: Record<string, unknown> }> }>)['200']!
      .content['application/json']!.schema;

  it('puts path parameters in the path and the other parameters of a PATCH in its form body, required when they have no default', () => {
    const doc = openApiDocument([edit], 'test') as Doc;
    const described = doc.paths['/messages/{message_id}']!.patch!;
    expect(described.operationId).toBe('message.edit');
    expect(described.parameters).toEqual([expect.objectContaining({ name: 'message_id', in: 'path', required: true })]);
    const form = (described.requestBody as { content: Record<string, { schema: { properties: object; required: string[] } }> }).content[
      'application/x-www-form-urlencoded'
    ]!.schema;
    expect(Object.keys(form.properties)).toEqual(['content', 'flags']);
    expect(form.required).toEqual(['flags']);
  });

  it('describes every operation the gateway routes, each under its own method', () => {
    const doc = openApiDocument(OPERATIONS, 'test') as Doc;
    const described = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(described).toBe(OPERATIONS.length);
  });

  it("answers 200 with the operation's reply shape beside result and msg, as exact as the reply is", () => {
    const success = successOf(openApiDocument([edit], 'test') as Doc, '/messages/{message_id}', 'patch');
    expect(success).toEqual({
      type: 'object',
      properties: {
        result: { const: 'success' },
        msg: { type: 'string' },
        ignored_parameters_unsupported: { type: 'array', items: { type: 'string' } },
        detached_uploads: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number) } },
            required: ['id'],
            additionalProperties: false,
          },
        },
        note: { type: ['string', 'null'] },
      },
      required: ['result', 'msg', 'detached_uploads'],
      additionalProperties: false,
    });
  });

  it('lets a reply that declares only some keys (POST /register) carry others', () => {
    const doc = openApiDocument(OPERATIONS, 'test') as Doc;
    const register = successOf(doc, '/register', 'post');
    expect(register.additionalProperties).toEqual({});
    expect(register.required).toEqual(['result', 'msg', 'queue_id', 'last_event_id', 'zulip_feature_level', 'zulip_version']);
    expect(successOf(doc, '/users/me', 'get').required).toEqual(expect.arrayContaining(['user_id', 'email', 'max_message_id']));
  });
});

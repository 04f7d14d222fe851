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
    key: 'realm',
  });

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
});

import { z } from 'zod';
import { ErrorCode, type Operation } from '@zulip-es/contracts';

type JsonSchema = Record<string, unknown>;

const ERROR: JsonSchema = {
  type: 'object',
  required: ['result', 'msg', 'code'],
  properties: { result: { const: 'error' }, msg: { type: 'string' }, code: { enum: ErrorCode.options } },
  additionalProperties: true,
};

/** A parameter as the wire carries it: strings as they are, everything else JSON-encoded in a form value. */
function wireSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
}

/**
 * The success body: the operation's reply shape with the fields the gateway adds around it
 * (`result`, `msg`, and `ignored_parameters_unsupported` when the request had unknown parameters).
 */
function successSchema(op: Operation): JsonSchema {
  const { $schema: _dialect, ...reply } = z.toJSONSchema(op.reply, {
    io: 'output',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema & {
    properties?: JsonSchema;
    required?: string[];
  };
  return {
    ...reply,
    properties: {
      result: { const: 'success' },
      msg: { type: 'string' },
      ignored_parameters_unsupported: { type: 'array', items: { type: 'string' } },
      ...reply.properties,
    },
    required: ['result', 'msg', ...(reply.required ?? [])],
  };
}

function operationObject(op: Operation): Record<string, unknown> {
  const pathNames = new Set([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
  const shape = op.params.shape as Record<string, z.ZodType>;
  const parameters = Object.entries(shape)
    .filter(([name]) => pathNames.has(name) || op.method === 'GET' || op.method === 'DELETE')
    .map(([name, schema]) => ({
      name,
      in: pathNames.has(name) ? 'path' : 'query',
      required: pathNames.has(name) || !schema.safeParse(undefined).success,
      schema: wireSchema(schema),
    }));
  const formFields = Object.entries(shape).filter(([name]) => !pathNames.has(name) && op.method !== 'GET' && op.method !== 'DELETE');
  const body =
    formFields.length > 0 || op.takesFile
      ? {
          requestBody: {
            content: {
              [op.takesFile ? 'multipart/form-data' : 'application/x-www-form-urlencoded']: {
                schema: {
                  type: 'object',
                  properties: Object.fromEntries([
                    ...formFields.map(([name, schema]) => [name, wireSchema(schema)]),
                    ...(op.takesFile ? [['file', { type: 'string', contentMediaType: 'application/octet-stream' }]] : []),
                  ]),
                  required: formFields.filter(([, schema]) => !schema.safeParse(undefined).success).map(([name]) => name),
                },
              },
            },
          },
        }
      : {};
  return {
    operationId: op.type,
    'x-owning-service': op.service,
    'x-kind': op.kind,
    ...(op.auth === 'user' ? {} : { security: [] }),
    parameters,
    ...body,
    responses: {
      '200': { description: 'Success', content: { 'application/json': { schema: successSchema(op) } } },
      default: {
        description: "A Zulip error (`code`, `msg` and the code's own fields)",
        content: { 'application/json': { schema: ERROR } },
      },
    },
  };
}

/**
 * The OpenAPI document of what this server serves, from the operation table itself: every
 * operation with its parameters as the gateway parses them, so it cannot drift from the routes.
 */
export function openApiDocument(operations: readonly Operation[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Zulip REST API (as served by this server)',
      version,
      description: 'Generated from the operation table that drives the gateway. Parameters that are not strings travel JSON-encoded.',
    },
    servers: [{ url: '/api/v1' }],
    components: { securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' } } },
    security: [{ basicAuth: [] }],
    paths,
  };
}

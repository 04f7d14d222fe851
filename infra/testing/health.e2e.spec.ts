import { systemInfo } from '../../libs/testing/src';

/**
 * Operators read each service's health answer: besides whether it serves, how many events it
 * quarantined (events it could not apply and went on without) and, when one of its read models
 * does not follow its topics, which (503 meanwhile).
 */
describe('the health answer of every service', () => {
  it.each(['gateway', 'users', 'messages', 'uploads', 'push', 'realtime'] as const)(
    '%s: ok, with its count of quarantined events and no stale read model',
    async (service) => {
      const res = await fetch(`http://127.0.0.1:${systemInfo().ports[service]}/health`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ status: 'ok', service, quarantined_events: expect.any(Number) });
      expect(body).not.toHaveProperty('stale_read_models');
    },
  );
});

/**
 * The users service answers from its store, keeps presence in Redis and mails invitations:
 * operators see each of them checked in its health answer.
 */
describe('the health answer of the users service', () => {
  it('reports Kafka, the store, Redis and the mail transport as up', async () => {
    const res = await fetch(`http://127.0.0.1:${systemInfo().ports.users}/health`);
    const body = (await res.json()) as { info?: Record<string, { status: string }> };
    expect(body.info).toMatchObject({
      kafka: { status: 'up' },
      mongo: { status: 'up' },
      redis: { status: 'up' },
      mail: { status: 'up' },
    });
  });
});

/**
 * The messages service answers from its store and tells typing to the clients' event queues in
 * Redis, where its topic deletion and scheduled delivery jobs also live: operators see each
 * checked in its health answer.
 */
describe('the health answer of the messages service', () => {
  it('reports Kafka, the store and Redis as up', async () => {
    const res = await fetch(`http://127.0.0.1:${systemInfo().ports.messages}/health`);
    const body = (await res.json()) as { info?: Record<string, { status: string }> };
    expect(body.info).toMatchObject({ kafka: { status: 'up' }, mongo: { status: 'up' }, redis: { status: 'up' } });
  });
});

/** Tools and client generators read the OpenAPI document of what the gateway serves. */
describe('GET /openapi.json', () => {
  it('describes every operation of the table at its path and method, with its path parameters and its reply shape', async () => {
    const { OPERATIONS } = await import('../../libs/contracts/src');
    const res = await fetch(`http://127.0.0.1:${systemInfo().ports.gateway}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            parameters: { name: string; in: string }[];
            responses: Record<string, { content: Record<string, { schema: { properties: object; required: string[] } }> }>;
          }
        >
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const op of OPERATIONS) {
      const described = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(described).toBeDefined();
      const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(described!.parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(pathParams);
      const success = described!.responses['200']!.content['application/json']!.schema;
      expect(Object.keys(success.properties)).toEqual(['result', 'msg', 'ignored_parameters_unsupported', ...Object.keys(op.reply.shape)]);
      expect(success.required).toEqual(expect.arrayContaining(['result', 'msg']));
    }
  });
});

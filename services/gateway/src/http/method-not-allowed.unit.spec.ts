import Fastify, { type FastifyInstance } from 'fastify';
import { addLinkifier, getOwnUser, getUser, removeLinkifier, updateLinkifier, updateUser, updateUserByEmail } from '@zulip-es/contracts';
import { registerApiRoutes, routePath } from './api-routes';
import { allowedMethodsFor } from './method-not-allowed';

const operations = [addLinkifier, updateLinkifier, removeLinkifier, getOwnUser, getUser, updateUser, updateUserByEmail];

describe('allowedMethodsFor', () => {
  const allowed = allowedMethodsFor(operations.map((op) => ({ method: op.method, url: routePath(op) })));

  it('lists the methods of the one pattern a path matches, in the order they were defined', () => {
    expect(allowed('/realm/filters')).toEqual(['POST']);
    expect(allowed('/realm/filters/12')).toEqual(['PATCH', 'DELETE']);
    expect(allowed('/users/12')).toEqual(['GET', 'PATCH']);
  });

  it('tells numeric parameters from others, and prefers a fixed path to a parameter', () => {
    expect(allowed('/users/someone%40example.com')).toEqual(['PATCH']);
    expect(allowed('/users/me')).toEqual(['GET']);
    expect(allowed('/realm/filters/abc')).toEqual([]);
  });

  it('is empty for a path no route matches', () => {
    expect(allowed('/no/such/path')).toEqual([]);
    expect(allowed('/realm/filters/12/more')).toEqual([]);
  });
});

describe('a method the path is not routed for', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await registerApiRoutes(app, operations, { handler: () => async (_req, reply) => reply.send({ handled: true }) }, 1024 * 1024);
  });
  afterAll(() => app.close());

  it("answers Zulip's 405: an Allow header and allowed_methods, without a code", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/realm/filters?x=1' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['POST'] });
  });

  it('leaves unknown paths a 404 and routed methods to their handler', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/v1/no/such/path' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/realm/filters/3' })).json()).toEqual({ handled: true });
  });
});

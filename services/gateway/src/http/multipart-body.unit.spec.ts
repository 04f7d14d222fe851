import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineOperation } from '@zulip-es/contracts';
import { registerApiRoutes } from './api-routes';

const echo = defineOperation({
  type: 'test.echo',
  method: 'POST',
  path: '/echo',
  service: 'users',
  kind: 'command',
  auth: 'none',
  key: 'realm',
  reply: z.object({}),
  params: z.object({}),
});

const BODY_LIMIT = 2048;

/** The API routes with a dispatcher that answers each request with the body it was given. */
async function apiEchoingBodies(): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: BODY_LIMIT });
  await registerApiRoutes(app, [echo], { handler: () => async (req, reply) => reply.send({ body: req.body }) }, 1024 * 1024);
  return app;
}

/** A body exactly as a browser's or Node's FormData encodes it. */
async function multipart(form: FormData): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

describe('multipart/form-data bodies', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await apiEchoingBodies();
  });
  afterAll(() => app.close());

  const post = async (form: FormData) => app.inject({ method: 'POST', url: '/api/v1/echo', ...(await multipart(form)) });

  it('are read as form parameters, every value as its text (zulip-js posts this way)', async () => {
    const form = new FormData();
    form.append('username', 'a@example.com');
    form.append('fetch_event_types', '["realm"]');
    form.append('count', '3');
    const res = await post(form);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: { username: 'a@example.com', fetch_event_types: '["realm"]', count: '3' } });
  });

  it('keep the last value of a repeated name', async () => {
    const form = new FormData();
    form.append('name', 'first');
    form.append('name', 'last');
    expect((await post(form)).json()).toEqual({ body: { name: 'last' } });
  });

  it('drop files, which are not parameters', async () => {
    const form = new FormData();
    form.append('name', 'kept');
    form.append('attachment', new Blob(['file content']), 'notes.txt');
    expect((await post(form)).json()).toEqual({ body: { name: 'kept' } });
  });

  it('read an empty form as no parameters', async () => {
    expect((await post(new FormData())).json()).toEqual({ body: {} });
  });

  it('are held to the body limit, like a URL-encoded form', async () => {
    const form = new FormData();
    form.append('a', 'x'.repeat(BODY_LIMIT / 2));
    form.append('b', 'x'.repeat(BODY_LIMIT / 2 + 1));
    const res = await post(form);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Request body too large' });
  });

  it('answer a malformed body with a 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: expect.stringMatching(/^Malformed request: /) });
  });

  it('leave URL-encoded forms as they were', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=plain&ids=%5B1%5D',
    });
    expect(res.json()).toEqual({ body: { name: 'plain', ids: '[1]' } });
  });
});

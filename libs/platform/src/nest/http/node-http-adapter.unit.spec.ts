import 'reflect-metadata';
import { Controller, Get, HttpException, Module, Res, type INestApplication } from '@nestjs/common';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import { NodeHttpAdapter } from './node-http-adapter';

@Controller()
class ProbeController {
  constructor(private readonly http: HttpAdapterHost) {}

  @Get('state')
  state(): Record<string, unknown> {
    return { status: 'ok', items: [1, 2] };
  }

  @Get('down')
  down(@Res({ passthrough: true }) response: unknown): Record<string, unknown> {
    this.http.httpAdapter.status(response, 503);
    return { status: 'error' };
  }

  @Get('text')
  text(): string {
    return 'plain words';
  }

  @Get('refused')
  refused(): never {
    throw new HttpException({ result: 'error', code: 'TEAPOT' }, 418);
  }

  @Get('broken')
  async broken(): Promise<never> {
    throw new Error('a bug');
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('NodeHttpAdapter (a Nest application on node:http)', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    app = await NestFactory.create(ProbeModule, new NodeHttpAdapter(), { logger: false });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(() => app.close());

  it('answers a route with its JSON and status 200', async () => {
    const res = await fetch(`${base}/state?ignored=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ status: 'ok', items: [1, 2] });
  });

  it('answers HEAD as GET, without a body', async () => {
    const res = await fetch(`${base}/down`, { method: 'HEAD' });
    expect(res.status).toBe(503);
    expect(await res.text()).toBe('');
  });

  it('keeps the status a handler set through the adapter', async () => {
    const res = await fetch(`${base}/down`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'error' });
  });

  it('sends text as text', async () => {
    const res = await fetch(`${base}/text`);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('plain words');
  });

  it("answers an HttpException with its status and body through Nest's exception filter", async () => {
    const res = await fetch(`${base}/refused`);
    expect(res.status).toBe(418);
    expect(await res.json()).toEqual({ result: 'error', code: 'TEAPOT' });
  });

  it('answers an unexpected error with 500 and keeps serving', async () => {
    const res = await fetch(`${base}/broken`);
    expect(res.status).toBe(500);
    expect((await fetch(`${base}/state`)).status).toBe(200);
  });

  it('answers an unknown path or method with 404', async () => {
    expect((await fetch(`${base}/nowhere`)).status).toBe(404);
    expect((await fetch(`${base}/state`, { method: 'POST', body: 'x' })).status).toBe(404);
  });
});

import { createServer } from 'node:net';
import { StackEndpointsSchema } from '@zulip-es/platform';
import { systemInfo } from '@zulip-es/testing';
import { storeAnswers } from './uploads-probes';

describe('the uploads service’s health probes', () => {
  const endpoints = StackEndpointsSchema.parse(process.env);

  it('reports Redis and the bucket’s store up in the health answer', async () => {
    const res = await fetch(`http://127.0.0.1:${systemInfo().ports.uploads}/health`);
    const body = (await res.json()) as { info: Record<string, { status: string }> };
    expect(body.info).toMatchObject({ redis: { status: 'up' }, minio: { status: 'up' } });
  });

  it('finds the store answering whether or not the bucket exists', async () => {
    await expect(storeAnswers(endpoints)).resolves.toBeUndefined();
    await expect(storeAnswers({ ...endpoints, S3_BUCKET: 'no-such-bucket-here' })).resolves.toBeUndefined();
  });

  it('finds no store where nothing listens, nor where a server never answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      await expect(storeAnswers({ ...endpoints, S3_ENDPOINT: '127.0.0.1', S3_PORT: port })).rejects.toThrow('no answer within 2000 ms');
    } finally {
      silent.close();
    }
    await expect(storeAnswers({ ...endpoints, S3_ENDPOINT: '127.0.0.1', S3_PORT: port })).rejects.toThrow(/ECONNREFUSED/u);
  });
});

import type { Connection } from 'mongoose';
import { connectMongo, StackEndpointsSchema } from '@zulip-es/platform';
import { MESSAGES_DATABASE } from './messages.projection';

/** The running messages service's database, as the service left it when it started. */
describe('the messages service creates the indexes its documents declare when it starts', () => {
  let db: Connection;
  const keysOf = async (collection: string) => (await db.db!.collection(collection).indexes()).map((index) => index.key);

  beforeAll(async () => {
    db = await connectMongo(StackEndpointsSchema.parse(process.env).MONGO_URL, MESSAGES_DATABASE);
  });
  afterAll(async () => {
    await db.close();
  });

  it('indexes command outcomes by when they expire, as pruning looks them up', async () => {
    expect(await keysOf('command_outcomes')).toContainEqual({ expiresAt: 1 });
  });
});

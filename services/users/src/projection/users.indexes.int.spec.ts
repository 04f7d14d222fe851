import type { Connection } from 'mongoose';
import { connectMongo, StackEndpointsSchema } from '@zulip-es/platform';
import { USERS_DATABASE } from './users.projection';

/** The running users service's database, as the service left it when it started. */
describe('the users service creates the indexes its documents declare when it starts', () => {
  let db: Connection;
  const keysOf = async (collection: string) => (await db.db!.collection(collection).indexes()).map((index) => index.key);

  beforeAll(async () => {
    db = await connectMongo(StackEndpointsSchema.parse(process.env).MONGO_URL, USERS_DATABASE);
  });
  afterAll(async () => {
    await db.close();
  });

  it('indexes invitations and reusable links by who sent them, as deactivating a user looks them up', async () => {
    expect(await keysOf('invitations')).toContainEqual({ invitedByUserId: 1, status: 1 });
    expect(await keysOf('invitation_links')).toContainEqual({ invitedByUserId: 1, revoked: 1 });
  });

  it('indexes command outcomes by when they expire, as pruning looks them up', async () => {
    expect(await keysOf('command_outcomes')).toContainEqual({ expiresAt: 1 });
  });
});

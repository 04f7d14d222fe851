import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { StackEndpointsSchema } from '../config/stack-endpoints';
import { connectMongo } from './connect-mongo';
import type { DocumentFilter, FindOptions } from './document-collection';
import { documentSchema } from './document-schema';
import { afterEventWritten, GroupDocuments } from './group-documents';
import { ModelDocuments } from './model-documents';

type InviteDoc = { _id: string; invitedBy: number; status: string; sent: number; tags?: string[] };
const INVITES = documentSchema<InviteDoc>('invites', { invitedBy: 'Number', status: 'String', sent: 'Number', tags: ['String'] });

describe('documents a command group writes behind', () => {
  const { MONGO_URL } = StackEndpointsSchema.parse(process.env);
  let db: Connection;
  let documents: GroupDocuments;
  const stored = () => new ModelDocuments(db).of(INVITES);

  beforeAll(async () => {
    db = await connectMongo(MONGO_URL, `group_documents_test_${randomBytes(4).toString('hex')}`);
    documents = new GroupDocuments(new ModelDocuments(db));
  });

  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  beforeEach(async () => {
    await db.collection('invites').deleteMany({});
    await stored().insertMany(
      Array.from({ length: 6 }, (_, i) => ({ _id: `invite:${i}`, invitedBy: i % 2, status: 'pending', sent: 10 * i, tags: ['a'] })),
    );
  });

  it('keeps what a group writes from the store and from work outside it until the group is written', async () => {
    const invites = documents.of(INVITES);
    const writes = documents.open();
    await writes.within(async () => {
      await invites.replaceOne({ _id: 'invite:0' }, { invitedBy: 0, status: 'revoked', sent: 0 }, { upsert: true });
      await invites.deleteOne({ _id: 'invite:1' });
      expect(await invites.findOne({ _id: 'invite:0' })).toMatchObject({ status: 'revoked' });
      expect(await invites.findOne({ _id: 'invite:1' })).toBeNull();
    });
    // Outside the group: the store as it was.
    expect(await invites.findOne({ _id: 'invite:0' })).toMatchObject({ status: 'pending' });
    expect(await invites.findOne({ _id: 'invite:1' })).not.toBeNull();

    await writes.write();
    expect(await invites.findOne({ _id: 'invite:0' })).toMatchObject({ status: 'revoked' });
    expect(await invites.findOne({ _id: 'invite:1' })).toBeNull();
    // Work that outlived its group (a connection it opened, calling back in its context) uses the store.
    await writes.within(() => invites.deleteOne({ _id: 'invite:2' }));
    expect(await stored().findOne({ _id: 'invite:2' })).toBeNull();
  });

  it("keeps both of two groups' revisions of a shared document, each read before the other wrote", async () => {
    type PolicyDoc = { _id: string; userIds: number[]; rev: number };
    const policies = documents.of(documentSchema<PolicyDoc>('policies', { userIds: ['Number'], rev: 'Number' }));
    const following = (userId: number) => (current: Omit<PolicyDoc, '_id'>) => ({ ...current, userIds: [...current.userIds, userId] });
    const none = () => ({ userIds: [], rev: 0 });
    await db.collection('policies').deleteMany({});
    const [first, second] = [documents.open(), documents.open()];
    await first.within(() => policies.reviseOne('topic', none, following(1)));
    await second.within(() => policies.reviseOne('topic', none, following(2)));
    await second.within(async () => expect(await policies.findOne({ _id: 'topic' })).toMatchObject({ userIds: [2] }));
    await Promise.all([first.write(), second.write()]);
    const both = await policies.findOne({ _id: 'topic' });
    expect([...both!.userIds].sort()).toEqual([1, 2]);
    expect(both!.rev).toBe(2);
    // Outside a group, a revision goes to the store at once.
    await policies.reviseOne('topic', none, following(3));
    expect(await policies.findOne({ _id: 'topic' })).toMatchObject({ userIds: expect.arrayContaining([1, 2, 3]), rev: 3 });
  });

  it('runs effects beyond the store once the group is written, and at once outside a group', async () => {
    const done: string[] = [];
    const writes = documents.open();
    await writes.within(async () => {
      await documents.of(INVITES).deleteOne({ _id: 'invite:3' });
      await afterEventWritten(async () => {
        done.push(`removed, stored: ${(await stored().findOne({ _id: 'invite:3' })) === null}`);
      });
      await afterEventWritten(async () => {
        throw new Error('object store down');
      });
      expect(done).toEqual([]);
    });
    expect(await writes.write()).toEqual([new Error('object store down')]);
    expect(done).toEqual(['removed, stored: true']);
    await afterEventWritten(async () => void done.push('outside'));
    expect(done).toEqual(['removed, stored: true', 'outside']);
  });

  // Every row names its options: a test function taking more arguments than a row gives is waited on as a callback.
  const queries: [string, DocumentFilter, FindOptions][] = [
    ['every document', {}, {}],
    ['by values', { invitedBy: 0, status: 'pending' }, {}],
    ['by ids', { _id: { $in: ['invite:0', 'invite:1', 'invite:7', 'invite:9'] } }, {}],
    ['sorted and limited', { status: 'pending' }, { sort: { sent: -1 }, limit: 3 }],
    ['a range, projected', { sent: { $gte: 20 } }, { sort: { _id: 1 }, projection: { sent: 1 } }],
    ['by a value an array holds', { tags: 'b' }, { sort: { _id: 1 } }],
  ];

  it.each(queries)(
    'answers a query (%s) inside a group as the store answers it once the group is written',
    async (_name, filter, options) => {
      const invites = documents.of(INVITES);
      const writes = documents.open();
      const inGroup = await writes.within(async () => {
        await invites.replaceOne({ _id: 'invite:2' }, { invitedBy: 1, status: 'pending', sent: 99, tags: ['b'] }, { upsert: true });
        await invites.updateOne({ _id: 'invite:4' }, { $set: { status: 'revoked' } });
        await invites.deleteOne({ _id: 'invite:5' });
        await invites.insertOne({ _id: 'invite:7', invitedBy: 0, status: 'pending', sent: 70, tags: ['b'] });
        await invites.updateOne({ _id: 'invite:9' }, { $addToSet: { tags: 'b' } }, { upsert: true });
        return invites.find(filter, options);
      });
      await writes.write();
      const sortById = !options.sort;
      const order = (docs: { _id?: string }[]) => (sortById ? [...docs].sort((a, b) => String(a._id).localeCompare(String(b._id))) : docs);
      expect(order(inGroup)).toEqual(order(await stored().find(filter, options)));
    },
  );
});

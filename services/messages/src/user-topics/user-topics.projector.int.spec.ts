import { randomBytes, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { EventEnvelope, MessagesEvent } from '@zulip-es/contracts';
import { connectMongo, StackEndpointsSchema } from '@zulip-es/platform';
import { MessagesRepository } from '../projection/messages.repository';
import { planPolicyMove } from './move-policies';
import { activePolicies, knownUserVersions } from './topic-policies.state';
import { applyMovedPolicies, userTopicsProjector } from './user-topics.projector';

/** The projector against a scratch database of the real store: what a crash, a redelivery or a move does. */
describe('user topics projection', () => {
  let db: Connection;
  let repo: MessagesRepository;

  beforeAll(async () => {
    db = await connectMongo(StackEndpointsSchema.parse(process.env).MONGO_URL, `user_topics_${randomBytes(4).toString('hex')}`);
    repo = new MessagesRepository(db);
  });
  afterAll(async () => {
    await db.db!.dropDatabase();
    await db.close();
  });

  const changed = (userId: number, sequence: number, channelId: number, topicName: string, visibilityPolicy: 0 | 1 | 2 | 3) => {
    const event: MessagesEvent = {
      type: 'user_topic.visibility_policy_changed.v1',
      data: { userId, channelId, topicName, visibilityPolicy, lastUpdated: 1000 + sequence },
    };
    const envelope: EventEnvelope = {
      eventId: randomUUID(),
      type: event.type,
      aggregateId: `user_topics:${userId}`,
      sequence,
      time: new Date(0).toISOString(),
      actorId: userId,
      correlationId: 'c',
      causationId: 'c',
      data: event.data,
    };
    return () => userTopicsProjector(repo).apply(event, envelope);
  };

  it('keeps every user of a topic when their events are projected side by side', async () => {
    const users = Array.from({ length: 12 }, (_, i) => 100 + i);
    await Promise.all(users.map((userId) => changed(userId, 1, 7, 'Busy', 1)()));
    expect(activePolicies(await repo.topicPoliciesOf(7, 'busy'))).toEqual(new Map(users.map((u) => [u, 1])));
  });

  it('applies an event delivered again once, and a removed policy stays removed when an older event comes again', async () => {
    const first = changed(201, 1, 8, 'Tea', 3);
    await first();
    await first();
    await changed(201, 2, 8, 'tea', 0)();
    await first();
    expect((await repo.userTopicsOf(201)).topics).toEqual([]);
    expect(activePolicies(await repo.topicPoliciesOf(8, 'tea'))).toEqual(new Map());
  });

  it('takes a document written without a revision as revision 0', async () => {
    await repo.userTopics.insertOne({ _id: 'user_topics:401', userId: 401, topics: [], version: 0 } as never);
    await changed(401, 1, 10, 'Old doc', 1)();
    expect(await repo.userTopicsOf(401)).toEqual({
      userId: 401,
      topics: [{ channelId: 10, topicName: 'Old doc', visibilityPolicy: 1, lastUpdated: 1001 }],
      positions: [{ channelId: 10, topicKey: 'old doc', userVersion: 1 }],
      version: 1,
      rev: 1,
    });
  });

  it('carries policies to the new topic when a move is applied, and applying it again changes nothing', async () => {
    await changed(301, 1, 9, 'old', 1)();
    await changed(302, 1, 9, 'old', 3)();
    await changed(303, 1, 9, 'new', 1)();
    const [from, to] = [await repo.topicPoliciesOf(9, 'old'), await repo.topicPoliciesOf(9, 'new')];
    const plan = planPolicyMove({
      from: { channelId: 9, topicName: 'old', policies: activePolicies(from) },
      to: { channelId: 9, topicName: 'new', policies: activePolicies(to) },
      targetTopicHasMessages: false,
      usersLosingAccess: new Set(),
      userVersions: knownUserVersions(from, to),
      now: 5000,
    });
    await applyMovedPolicies(repo, plan, 1);
    const after = { index: await repo.topicPoliciesOf(9, 'new'), user: await repo.userTopicsOf(301) };
    await applyMovedPolicies(repo, plan, 1);
    expect(await repo.topicPoliciesOf(9, 'new')).toEqual(after.index);
    expect(activePolicies(after.index)).toEqual(
      new Map([
        [301, 1],
        [302, 3],
      ]),
    );
    expect(activePolicies(await repo.topicPoliciesOf(9, 'old'))).toEqual(new Map());
    expect(after.user).toEqual({
      userId: 301,
      topics: [{ channelId: 9, topicName: 'new', visibilityPolicy: 1, lastUpdated: 5000 }],
      positions: [
        { channelId: 9, topicKey: 'new', userVersion: 1 },
        { channelId: 9, topicKey: 'old', userVersion: 1 },
      ],
      version: 1,
      rev: 3,
    });
    expect((await repo.userTopicsOf(303)).topics).toEqual([]);
    // The user's own next event still follows their version.
    await changed(301, 2, 9, 'new', 2)();
    expect((await repo.userTopicsOf(301)).topics).toEqual([{ channelId: 9, topicName: 'new', visibilityPolicy: 2, lastUpdated: 1002 }]);
  });
});

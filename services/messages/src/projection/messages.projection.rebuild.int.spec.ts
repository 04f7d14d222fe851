import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { eventsTopic } from '@zulip-es/contracts';
import {
  connectMongo,
  createKafka,
  createLogger,
  DURABLE_PRODUCER,
  EventStore,
  rebuildProjection,
  StackEndpointsSchema,
} from '@zulip-es/platform';
import {
  api,
  createChannel,
  createUser,
  dumpsWhenCaughtUp,
  owner,
  projectedCollections,
  subscribeTo,
  systemInfo,
  uniqueChannelName,
  uploadFile,
  type TestUser,
} from '@zulip-es/testing';
import { MessagesProjection } from './messages.projection';
import { MessagesRepository } from './messages.repository';
import { MESSAGES_DATABASE } from './messages.projection';

/**
 * Left out of the comparison: `rev` counts the writes of a document written by several keys'
 * events (user topics), a compare-and-set token whose count depends on the order the two
 * partitions were read in, not state.
 */
const REV = ['rev'];

describe('messages projection rebuilt from messages.events', () => {
  const { KAFKA_BROKERS, MONGO_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('rebuild-test', 'warn');
  const kafka = createKafka('messages-rebuild-test', KAFKA_BROKERS, logger);
  let live: Connection;
  let scratch: Connection;

  beforeAll(async () => {
    live = await connectMongo(MONGO_URL, MESSAGES_DATABASE);
    scratch = await connectMongo(MONGO_URL, `messages_rebuild_${randomBytes(4).toString('hex')}`);
  });

  afterAll(async () => {
    await scratch.db!.dropDatabase();
    await Promise.all([live.close(), scratch.close()]);
  });

  it('equals the live projection, document for document', async () => {
    // History of every kind first: creations, subscriptions, departures, default channels.
    const [a, b] = [await createUser(), await createUser()];
    const name = uniqueChannelName('rebuild');
    await subscribeTo([name, uniqueChannelName('rebuild')], { principals: [a.userId, b.userId] }, a);
    await api('DELETE', '/users/me/subscriptions', { auth: b, params: { subscriptions: [name] } });
    const id = await createChannel({ invite_only: true, subscribers: [b.userId] });
    const defaultId = await createChannel();
    await api('POST', '/default_streams', { auth: owner(), params: { stream_id: defaultId } });
    await api('DELETE', '/default_streams', { auth: owner(), params: { stream_id: defaultId } });
    expect(id).toBeGreaterThan(0);
    // Subscription settings: changed and changed again, by two users.
    const setProperties = (auth: TestUser, subscription_data: unknown[]) =>
      api('POST', '/users/me/subscriptions/properties', { auth, params: { subscription_data } });
    const subscribedByA = ((await api('GET', '/users/me/subscriptions', { auth: a })).body.subscriptions as { stream_id: number }[]).map(
      (s) => s.stream_id,
    );
    expect(subscribedByA).toHaveLength(2);
    expect(
      (
        await setProperties(
          a,
          subscribedByA.map((stream_id) => ({ stream_id, property: 'is_muted', value: true })),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await setProperties(a, [
          { stream_id: subscribedByA[0], property: 'color', value: '#abc' },
          { stream_id: subscribedByA[0], property: 'in_home_view', value: true },
        ])
      ).status,
    ).toBe(200);
    expect((await setProperties(b, [{ stream_id: id, property: 'pin_to_top', value: true }])).status).toBe(200);
    // Drafts: created, edited, deleted, and cleared by turning synchronization off.
    const drafts = await api('POST', '/drafts', {
      auth: a,
      params: {
        drafts: [
          { type: 'stream', to: [defaultId], topic: 't', content: 'x' },
          { type: '', to: [], topic: '', content: 'y' },
        ],
      },
    });
    expect(drafts.status).toBe(200);
    const [draftA, draftB] = drafts.body.ids as number[];
    await api('PATCH', `/drafts/${draftA}`, { auth: a, params: { draft: { type: 'private', to: [b.userId], topic: '', content: 'z' } } });
    await api('DELETE', `/drafts/${draftB}`, { auth: a });
    await api('POST', '/drafts', { auth: b, params: { drafts: [{ type: '', to: [], topic: '', content: 'gone' }] } });
    await api('PATCH', '/settings', { auth: b, params: { enable_drafts_synchronization: false } });
    // Topic visibility policies: set, changed, removed, and set again through the muted_topics endpoint.
    await api('POST', '/user_topics', { auth: a, params: { stream_id: defaultId, topic: 'kept', visibility_policy: 1 } });
    await api('POST', '/user_topics', { auth: b, params: { stream_id: id, topic: 'Kept', visibility_policy: 3 } });
    await api('POST', '/user_topics', { auth: b, params: { stream_id: id, topic: 'gone', visibility_policy: 2 } });
    await api('POST', '/user_topics', { auth: b, params: { stream_id: id, topic: 'gone', visibility_policy: 0 } });
    await api('PATCH', '/users/me/subscriptions/muted_topics', { auth: b, params: { op: 'add', topic: 'muted', stream_id: id } });
    // Messages: channel, protected history, direct (one-to-one and group), and a deletion.
    await api('POST', '/messages', { auth: a, params: { type: 'stream', to: name, topic: 'rebuild', content: 'kept' } });
    const gone = await api('POST', '/messages', { auth: a, params: { type: 'stream', to: name, topic: 'rebuild', content: 'deleted' } });
    await api('DELETE', `/messages/${gone.body.id as number}`, { auth: a });
    await api('POST', '/messages', { auth: b, params: { type: 'stream', to: String(id), topic: 'private', content: 'protected' } });
    await api('POST', '/messages', { auth: a, params: { type: 'direct', to: [b.userId], content: 'hi' } });
    await api('POST', '/messages', { auth: a, params: { type: 'direct', to: [b.userId, 1], content: 'group' } });
    // Upload claims: sent, replaced by a content edit, and dropped by a deletion (upload_refs).
    const [fileA, fileB] = [(await uploadFile(a, 'a.txt')).pathId, (await uploadFile(a, 'b.txt')).pathId];
    const claiming = (
      await api('POST', '/messages', {
        auth: a,
        params: { type: 'direct', to: [b.userId], content: `[a](/user_uploads/${fileA}) [b](/user_uploads/${fileB})` },
      })
    ).body.id as number;
    await api('PATCH', `/messages/${claiming}`, { auth: a, params: { content: `[b](/user_uploads/${fileB}) only` } });
    const claimingGone = (
      await api('POST', '/messages', { auth: a, params: { type: 'direct', to: [b.userId], content: `[a](/user_uploads/${fileA})` } })
    ).body.id as number;
    await api('DELETE', `/messages/${claimingGone}`, { auth: a });
    await api('POST', '/messages', { auth: b, params: { type: 'direct', to: [a.userId], content: `[b](/user_uploads/${fileB})` } });
    // A topic deletion whose last batch resets the policy of a user who left the private channel.
    const doomedName = uniqueChannelName('doomed');
    const doomed = await createChannel({ name: doomedName, invite_only: true, subscribers: [systemInfo().owner.userId, b.userId] });
    await api('POST', '/messages', { auth: b, params: { type: 'stream', to: String(doomed), topic: 'doomed', content: 'x' } });
    await api('POST', '/user_topics', { auth: b, params: { stream_id: doomed, topic: 'doomed', visibility_policy: 3 } });
    await api('DELETE', '/users/me/subscriptions', { auth: b, params: { subscriptions: [doomedName] } });
    for (
      let i = 0;
      (await api('POST', `/streams/${doomed}/delete_topic`, { auth: owner(), params: { topic_name: 'doomed' } })).body.complete !== true;
      i++
    ) {
      if (i > 100) throw new Error('the topic deletion did not complete');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Edits and moves: a content edit, a topic move with breadcrumbs carrying the policies set
    // before it, and a move into a channel with protected history (its subscribers receive the
    // messages; users without access lose their policies). The users' policy events (keys
    // user:<id>, in several partitions) and the moves (key realm) may be replayed in another
    // interleaving than live: the moves' changes are placed by their userVersion.
    const [c, d] = [await createUser(), await createUser()];
    const moving = (
      await api('POST', '/messages', { auth: a, params: { type: 'stream', to: String(defaultId), topic: 'moving', content: 'v1' } })
    ).body.id as number;
    await api('PATCH', `/messages/${moving}`, { auth: a, params: { content: 'v2' } });
    const policy = (auth: TestUser, topic: string, visibility_policy: number) =>
      api('POST', '/user_topics', { auth, params: { stream_id: defaultId, topic, visibility_policy } });
    for (const [user, p] of [
      [a, 3],
      [b, 1],
      [c, 2],
      [d, 3],
    ] as const)
      expect((await policy(user, 'moving', p)).status).toBe(200);
    await policy(d, 'moved', 1);
    await api('PATCH', `/messages/${moving}`, {
      auth: a,
      params: { topic: 'moved', propagate_mode: 'change_all', send_notification_to_old_thread: true },
    });
    // After the move: the users' own later choices for the old and the new name.
    await policy(c, 'moving', 1);
    await policy(a, 'moved', 2);
    expect((await api('PATCH', `/messages/${moving}`, { auth: b, params: { stream_id: id, propagate_mode: 'change_all' } })).status).toBe(
      200,
    );

    const projection = new MessagesProjection(new MessagesRepository(scratch));
    // Through the write-behind buffer, as the service rebuilds (its `projectionOn`).
    const replayed = await rebuildProjection({
      kafka,
      db: scratch,
      topic: eventsTopic('messages'),
      projection,
      projectionOn: (other) => new MessagesProjection(new MessagesRepository(other)),
      logger,
    });
    expect(replayed).toBeGreaterThan(5);

    // Other tests keep writing: catch the copy up until both stand at the same offsets.
    const store = new EventStore(kafka, kafka.producer(DURABLE_PRODUCER), eventsTopic('messages'), scratch, projection, logger);
    const names = await projectedCollections(live);
    expect(names).toEqual(
      expect.arrayContaining([
        ...[
          'channels',
          'channel_names',
          'user_subscriptions',
          'subscription_settings',
          'default_channels',
          'counters',
          'checkpoints',
          'drafts',
          'user_drafts',
          'user_topics',
          'topic_policies',
        ],
        ...[
          'messages',
          'message_list_heads',
          'message_list_chunks',
          'subscription_history',
          'dm_groups',
          'upload_refs',
          'topic_participants',
          'topic_index_heads',
          'topic_index_chunks',
        ],
      ]),
    );
    const { rebuilt, current } = await dumpsWhenCaughtUp(live, scratch, store, names, REV);
    expect(rebuilt).toEqual(current);
    expect(current.channels.length).toBeGreaterThanOrEqual(4);
  }, 180_000);
});

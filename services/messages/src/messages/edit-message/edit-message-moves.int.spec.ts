import type { Connection } from 'mongoose';
import { Role } from '@zulip-es/contracts';
import { connectMongo, StackEndpointsSchema } from '@zulip-es/platform';
import {
  api,
  captureEvents,
  createChannel,
  createUser,
  systemInfo,
  uniqueChannelName,
  type EventCapture,
  type TestUser,
} from '@zulip-es/testing';
import { MessagesRepository } from '../../projection/messages.repository';
import { activePolicies } from '../../user-topics/topic-policies.state';
import { userTopicsView } from '../../user-topics/user-topics-view';
import { edit, NOTIFICATION_BOT, send, SUCCESS, topicMessages, EVERY_ROLE } from './edit-message.int-helpers';
import { MESSAGES_DATABASE } from '../../projection/messages.projection';

const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });
const mention = (user: TestUser, name: string) => `@_**${name}|${user.userId}**`;

describe('PATCH /messages/{message_id}: moves', () => {
  let capture: EventCapture;
  let db: Connection;
  let repo: MessagesRepository;
  const ownerId = () => systemInfo().owner.userId;

  beforeAll(async () => {
    capture = await captureEvents('messages');
    db = await connectMongo(StackEndpointsSchema.parse(process.env).MONGO_URL, MESSAGES_DATABASE);
    repo = new MessagesRepository(db);
  });
  afterAll(async () => {
    await capture.stop();
    await db.close();
  });

  /** A public channel with `user` subscribed and three messages in `lunch`. */
  async function topicOf(user: TestUser, label: string) {
    const name = uniqueChannelName(label);
    const channelId = await createChannel({ name, subscribers: [user.userId] });
    const ids = [];
    for (const content of ['one', 'two', 'three']) ids.push(await send(user, { type: 'stream', to: name, topic: 'lunch', content }));
    return { name, channelId, ids };
  }

  it('moves a whole topic (change_all): one messages.moved.v1 with the breadcrumbs of the same command, GET showing the new place', async () => {
    const user = await createUser({ label: 'mover' });
    const fullName = (await api('GET', '/users/me', { auth: user })).body.full_name as string;
    const { name, channelId, ids } = await topicOf(user, 'move-all');
    const res = await edit(user, ids[1], { topic: 'dinner', propagate_mode: 'change_all', send_notification_to_old_thread: true });
    expect(res.body).toEqual(SUCCESS);
    const moved = await capture.waitFor((e) => e.type === 'messages.moved.v1' && e.data.messageId === ids[1]);
    expect(moved.data).toMatchObject({
      messageIds: ids,
      from: { channelId, topic: 'lunch' },
      to: { channelId, topic: 'dinner' },
      propagateMode: 'change_all',
      resolved: null,
    });
    const sameCommand = await capture.settle((e) => e.correlationId === moved.correlationId, 500);
    expect(sameCommand.map((e) => e.type)).toEqual(['messages.moved.v1', 'message.sent.v1', 'message.sent.v1']);

    const dinner = await topicMessages(user, name, 'dinner');
    expect(dinner.map((m) => m.id).slice(0, 3)).toEqual(ids);
    expect(dinner[0].last_moved_timestamp).toEqual(expect.any(Number));
    expect(dinner[0].edit_history).toEqual([
      { user_id: user.userId, timestamp: dinner[0].last_moved_timestamp, prev_topic: 'lunch', topic: 'dinner' },
    ]);
    expect(dinner[3]).toMatchObject({
      sender_email: NOTIFICATION_BOT,
      content: `This topic was moved here from #**${name}>lunch** by ${mention(user, fullName)}.`,
    });
    const lunch = await topicMessages(user, name, 'lunch');
    expect(lunch).toEqual([
      expect.objectContaining({
        sender_email: NOTIFICATION_BOT,
        content: `This topic was moved to #**${name}>dinner** by ${mention(user, fullName)}.`,
      }),
    ]);
  });

  it('carries a policy set before a whole-topic move to the new topic, and on when it is resolved, the old names keeping none (as Zulip does)', async () => {
    const user = await createUser({ label: 'policy-mover' });
    const { channelId, ids } = await topicOf(user, 'policy-move');
    expect(
      (await api('POST', '/user_topics', { auth: user, params: { stream_id: channelId, topic: 'lunch', visibility_policy: 3 } })).body,
    ).toEqual({ result: 'success', msg: '' });
    const movedTo = (topic: string) => (e: { type: string; data: Record<string, unknown> }) =>
      e.type === 'messages.moved.v1' && e.data.messageId === ids[0] && (e.data.to as { topic: string }).topic === topic;

    expect((await edit(user, ids[0], { topic: 'dinner', propagate_mode: 'change_all' })).body).toEqual(SUCCESS);
    const moved = await capture.waitFor(movedTo('dinner'));
    // Placed after the user's policy event (their first: version 1), whichever partition a consumer reads first.
    const change = { userId: user.userId, channelId, lastUpdated: expect.any(Number), userVersion: 1 };
    expect(moved.data.policyChanges).toEqual([
      { ...change, topicName: 'lunch', visibilityPolicy: 0 },
      { ...change, topicName: 'dinner', visibilityPolicy: 3 },
    ]);
    expect((await edit(user, ids[0], { topic: '✔ dinner', propagate_mode: 'change_all' })).body).toEqual(SUCCESS);
    await capture.waitFor(movedTo('✔ dinner'));

    expect(userTopicsView(await repo.userTopicsOf(user.userId))).toEqual([
      { stream_id: channelId, topic_name: '✔ dinner', visibility_policy: 3, last_updated: expect.any(Number) },
    ]);
    expect(activePolicies(await repo.topicPoliciesOf(channelId, '✔ dinner'))).toEqual(new Map([[user.userId, 3]]));
    for (const old of ['lunch', 'dinner']) expect(activePolicies(await repo.topicPoliciesOf(channelId, old))).toEqual(new Map());
    // The user's own later choice for the old name is theirs alone.
    expect(
      (await api('POST', '/user_topics', { auth: user, params: { stream_id: channelId, topic: 'lunch', visibility_policy: 1 } })).status,
    ).toBe(200);
    expect(userTopicsView(await repo.userTopicsOf(user.userId)).map((t) => [t.topic_name, t.visibility_policy])).toEqual([
      ['lunch', 1],
      ['✔ dinner', 3],
    ]);
  });

  it('moves one message (change_one) or it and the later ones (change_later), leaving policies in place', async () => {
    const user = await createUser({ label: 'mover-part' });
    const fullName = (await api('GET', '/users/me', { auth: user })).body.full_name as string;
    const { name, ids } = await topicOf(user, 'move-part');
    expect((await edit(user, ids[1], { subject: 'rest', propagate_mode: 'change_later' })).body).toEqual(SUCCESS);
    const rest = await topicMessages(user, name, 'rest');
    expect(rest.map((m) => m.id).slice(0, 2)).toEqual([ids[1], ids[2]]);
    expect(rest[2]).toMatchObject({
      sender_email: NOTIFICATION_BOT,
      content: `2 messages were moved here from #**${name}>lunch** by ${mention(user, fullName)}.`,
    });
    expect((await edit(user, ids[0], { topic: 'first', send_notification_to_new_thread: false })).body).toEqual(SUCCESS);
    expect((await topicMessages(user, name, 'first')).map((m) => m.id)).toEqual([ids[0]]);
    expect(await topicMessages(user, name, 'lunch')).toEqual([]);
  });

  it('resolves a topic with the ✔ prefix (Notification Bot notice, no last_moved_timestamp) and unresolves it at once (the notice deleted)', async () => {
    const user = await createUser({ label: 'resolver' });
    const fullName = (await api('GET', '/users/me', { auth: user })).body.full_name as string;
    const { name, ids } = await topicOf(user, 'resolve');
    expect((await edit(user, ids[0], { topic: '✔ lunch', propagate_mode: 'change_all' })).body).toEqual(SUCCESS);
    const resolved = await topicMessages(user, name, '✔ lunch');
    expect(resolved.map((m) => m.id).slice(0, 3)).toEqual(ids);
    expect(resolved[0]).not.toHaveProperty('last_moved_timestamp');
    expect(resolved[3]).toMatchObject({
      sender_email: NOTIFICATION_BOT,
      content: `${mention(user, fullName)} has marked this topic as resolved.`,
    });
    // Unresolved within 60 s: the resolve notice is deleted instead of adding an unresolve notice.
    expect((await edit(user, ids[0], { topic: 'lunch', propagate_mode: 'change_all' })).body).toEqual(SUCCESS);
    expect((await topicMessages(user, name, 'lunch')).map((m) => m.id)).toEqual(ids);
    await capture.waitFor((e) => e.type === 'messages.deleted.v1' && (e.data.messageIds as number[]).includes(resolved[3].id));
    const general = await send(user, { type: 'stream', to: name, topic: '', content: 'chat' });
    expect((await edit(user, general, { topic: '✔ general chat', propagate_mode: 'change_all' })).body).toEqual(
      error('General chat cannot be marked as resolved'),
    );
  });

  it.each(EVERY_ROLE)(
    'role %i (%s): moves a topic (everyone may by default) and moves to another channel unless a guest (members may)',
    async (role, _label) => {
      const actor = await createUser({ role });
      const name = uniqueChannelName('roles');
      const target = uniqueChannelName('roles-target');
      await createChannel({ name, subscribers: [actor.userId] });
      const targetId = await createChannel({ name: target, subscribers: [actor.userId] });
      const id = await send(actor, { type: 'stream', to: name, topic: 'lunch', content: 'x' });
      expect((await edit(actor, id, { topic: 'dinner' })).body).toEqual(SUCCESS);
      const channelMove = await edit(actor, id, { stream_id: targetId });
      expect(channelMove.body).toEqual(role === Role.GUEST ? error("You don't have permission to move this message") : SUCCESS);
    },
  );

  it('moves a topic to a private channel with protected history: its subscribers get the messages, users without access lose them; a channel the mover cannot access is an Invalid channel ID', async () => {
    const [mover, reader] = [
      await createUser({ role: Role.ADMINISTRATOR, label: 'to-private' }),
      await createUser({ label: 'loses-access' }),
    ];
    const { name, ids } = await topicOf(mover, 'from-public');
    const privateName = uniqueChannelName('private');
    const privateId = await createChannel({ name: privateName, invite_only: true, subscribers: [mover.userId] });
    expect((await api('GET', `/messages/${ids[0]}`, { auth: reader })).status).toBe(200);
    const hidden = await createChannel({ invite_only: true, subscribers: [ownerId()] });
    expect((await edit(mover, ids[0], { stream_id: hidden, propagate_mode: 'change_all' })).body).toEqual(error('Invalid channel ID'));

    expect(
      (await edit(mover, ids[0], { stream_id: privateId, propagate_mode: 'change_all', send_notification_to_old_thread: true })).body,
    ).toEqual(SUCCESS);
    expect((await api('GET', `/messages/${ids[0]}`, { auth: reader })).body).toMatchObject({ msg: 'Invalid message(s)' });
    const moved = await topicMessages(mover, privateName, 'lunch');
    expect(moved.map((m) => [m.id, m.stream_id]).slice(0, 3)).toEqual(ids.map((id) => [id, privateId]));
    expect(moved[0].last_moved_timestamp).toEqual(expect.any(Number));
    expect(moved[0].edit_history).toEqual([
      { user_id: mover.userId, timestamp: moved[0].last_moved_timestamp, prev_stream: expect.any(Number), stream: privateId },
    ]);
    const old = await topicMessages(reader, name, 'lunch');
    expect(old).toEqual([
      expect.objectContaining({
        sender_email: NOTIFICATION_BOT,
        content: expect.stringContaining(`This topic was moved to #**${privateName}>lunch** by`),
      }),
    ]);
  });

  it('in a private channel with protected history, counts and moves only the messages the mover can see, without error', async () => {
    const member = await createUser({ label: 'protected' });
    const name = uniqueChannelName('protected');
    const channelId = await createChannel({ name, invite_only: true, history_public_to_subscribers: false, subscribers: [ownerId()] });
    const owner = { email: systemInfo().owner.email, apiKey: systemInfo().owner.apiKey };
    const before = [
      await send(owner, { type: 'stream', to: name, topic: 'lunch', content: 'early 1' }),
      await send(owner, { type: 'stream', to: name, topic: 'lunch', content: 'early 2' }),
    ];
    expect(
      (await api('POST', '/users/me/subscriptions', { auth: owner, params: { subscriptions: [{ name }], principals: [member.userId] } }))
        .status,
    ).toBe(200);
    const later = await send(owner, { type: 'stream', to: name, topic: 'lunch', content: 'later' });
    expect(
      (await edit(member, later, { topic: 'dinner', propagate_mode: 'change_all', send_notification_to_new_thread: false })).body,
    ).toEqual(SUCCESS);
    const moved = await capture.waitFor((e) => e.type === 'messages.moved.v1' && e.data.messageId === later);
    expect(moved.data).toMatchObject({ messageIds: [later], from: { channelId, topic: 'lunch' } });
    expect((await topicMessages(owner, name, 'lunch')).map((m) => m.id)).toEqual(before);
  });
});

import { createHash } from 'node:crypto';
import { Role } from '@zulip-es/contracts';
import { api, captureEvents, createChannel, createUser, owner, uniqueChannelName, type EventCapture } from '@zulip-es/testing';
import { edit, send, SUCCESS, topicMessages, EVERY_ROLE } from './edit-message.int-helpers';

const error = (msg: string, code = 'BAD_REQUEST', extra: Record<string, unknown> = {}) => ({ result: 'error', code, msg, ...extra });

describe('PATCH /messages/{message_id}: content', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('lets the sender edit their message: message.content_edited.v1, detached_uploads, and GET /messages shows the content and last_edit_timestamp', async () => {
    const user = await createUser({ label: 'edit' });
    const name = uniqueChannelName('edit');
    await createChannel({ name, subscribers: [user.userId] });
    const id = await send(user, { type: 'stream', to: name, topic: 't', content: 'first' });
    const before = Math.floor(Date.now() / 1000);
    const res = await api('PATCH', `/messages/${id}`, { auth: user, params: { content: 'second **draft**' } });
    expect(res.body).toEqual(SUCCESS);
    const event = await capture.waitFor((e) => e.type === 'message.content_edited.v1' && e.data.messageId === id);
    expect(event).toMatchObject({
      aggregateId: 'messages',
      data: {
        editorId: user.userId,
        content: 'second **draft**',
        prevContent: 'first',
        renderedContent: '<p>second <strong>draft</strong></p>',
      },
    });
    const [shown] = await topicMessages(user, name, 't');
    expect(shown).toMatchObject({ id, content: 'second **draft**' });
    expect(shown.last_edit_timestamp).toBeGreaterThanOrEqual(before);
    expect(shown).not.toHaveProperty('last_moved_timestamp');
    expect(shown.edit_history).toEqual([
      { user_id: user.userId, timestamp: shown.last_edit_timestamp, prev_content: 'first', prev_rendered_content: '<p>first</p>' },
    ]);
    const one = await api('GET', `/messages/${id}`, { auth: user });
    expect(one.body).toMatchObject({ raw_content: 'second **draft**', message: { content: '<p>second <strong>draft</strong></p>' } });
  });

  it('edits content and topic in one request: both changes in one edit_history entry', async () => {
    const user = await createUser({ label: 'edit-move' });
    const name = uniqueChannelName('edit-move');
    await createChannel({ name, subscribers: [user.userId] });
    const id = await send(user, { type: 'stream', to: name, topic: 'before', content: 'old text' });
    expect((await edit(user, id, { content: 'new text', topic: 'after', send_notification_to_new_thread: false })).body).toEqual(SUCCESS);
    const [shown] = await topicMessages(user, name, 'after');
    expect(shown).toMatchObject({ id, content: 'new text', subject: 'after' });
    expect(shown.edit_history).toEqual([
      {
        user_id: user.userId,
        timestamp: shown.last_edit_timestamp,
        prev_content: 'old text',
        prev_rendered_content: '<p>old text</p>',
        prev_topic: 'before',
        topic: 'after',
      },
    ]);
  });

  it('edits a direct message and checks prev_content_sha256 (EXPECTATION_MISMATCH when stale)', async () => {
    const [user, other] = [await createUser(), await createUser()];
    const id = await send(user, { type: 'direct', to: JSON.stringify([other.userId]), content: 'v1' });
    expect((await edit(user, id, { content: 'v2', prev_content_sha256: 'f'.repeat(64) })).body).toEqual(
      error("'prev_content_sha256' value does not match the expected value.", 'EXPECTATION_MISMATCH'),
    );
    const hash = createHash('sha256').update('v1').digest('hex');
    expect((await edit(user, id, { content: 'v2', prev_content_sha256: hash })).body).toEqual(SUCCESS);
    expect((await api('GET', `/messages/${id}`, { auth: other })).body).toMatchObject({ raw_content: 'v2' });
    expect((await edit(user, id, { topic: 'x' })).body).toEqual(error('Direct messages cannot have topics.'));
  });

  it.each(EVERY_ROLE)(
    "refuses a %i (%s) editing the content of someone else's message, and lets them edit their own",
    async (role, _label) => {
      const actor = await createUser({ role });
      const name = uniqueChannelName('edit-roles');
      await createChannel({ name, subscribers: [actor.userId] });
      const theirs = await send(owner(), { type: 'stream', to: name, topic: 't', content: 'not yours' });
      expect((await edit(actor, theirs, { content: 'mine now' })).body).toEqual(error("You don't have permission to edit this message"));
      const own = await send(actor, { type: 'stream', to: name, topic: 't', content: 'mine' });
      expect((await edit(actor, own, { content: 'still mine' })).body).toEqual(SUCCESS);
    },
  );

  it('answers the documented errors: unknown or invisible message, nothing to change, bad propagate_mode, content with stream_id', async () => {
    const user = await createUser();
    const name = uniqueChannelName('edit-errors');
    const channelId = await createChannel({ name, subscribers: [user.userId] });
    const id = await send(user, { type: 'stream', to: name, topic: 't', content: 'x' });
    const [a, b] = [await createUser(), await createUser()];
    const dm = await send(a, { type: 'direct', to: JSON.stringify([b.userId]), content: 'private' });
    expect((await edit(user, 999_999_999, { content: 'y' })).body).toEqual(error('Invalid message(s)'));
    expect((await edit(user, dm, { content: 'y' })).body).toEqual(error('Invalid message(s)'));
    expect((await edit(user, id, {})).body).toEqual(error('Nothing to change'));
    expect((await edit(user, id, { topic: 'y', propagate_mode: 'change_some' })).body).toEqual(error('Invalid propagate_mode'));
    expect((await edit(user, id, { content: 'y', propagate_mode: 'change_all' })).body).toEqual(
      error('Invalid propagate_mode without topic edit'),
    );
    const other = await createChannel({ subscribers: [user.userId] });
    expect((await edit(user, id, { content: 'y', stream_id: other })).body).toEqual(
      error('Cannot change message content while changing channel'),
    );
    expect((await edit(user, id, { stream_id: channelId, topic: 't' })).body).toEqual(error('Nothing to change'));
  });

  describe('wildcard mentions (more than 15 subscribers or topic participants)', () => {
    let name: string;
    let member: Awaited<ReturnType<typeof createUser>>;
    let admin: Awaited<ReturnType<typeof createUser>>;
    beforeAll(async () => {
      member = await createUser({ label: 'wildcard' });
      admin = await createUser({ role: Role.ADMINISTRATOR, label: 'wildcard-admin' });
      const crowd = await Promise.all(Array.from({ length: 15 }, () => createUser({ label: 'crowd' })));
      name = uniqueChannelName('crowd');
      await createChannel({ name, subscribers: [member.userId, admin.userId, ...crowd.map((u) => u.userId)] });
      for (const [index, u] of crowd.entries()) await send(u, { type: 'stream', to: name, topic: 'busy', content: `hi ${index}` });
      await send(member, { type: 'stream', to: name, topic: 'busy', content: 'me too' });
    }, 60_000);

    it('refuses channel wildcards from members, when sending and when editing, and accepts them from administrators', async () => {
      const refused = error(
        'You do not have permission to use channel wildcard mentions in this channel.',
        'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
      );
      expect(
        (await api('POST', '/messages', { auth: member, params: { type: 'stream', to: name, topic: 'quiet', content: 'hey @**all**' } }))
          .body,
      ).toEqual(refused);
      const id = await send(member, { type: 'stream', to: name, topic: 'quiet', content: 'hey' });
      expect((await edit(member, id, { content: 'hey @**everyone**' })).body).toEqual(refused);
      expect((await edit(member, id, { content: 'hey @_**all**' })).body).toEqual(SUCCESS);
      expect(
        (await api('POST', '/messages', { auth: admin, params: { type: 'stream', to: name, topic: 'quiet', content: 'hey @**channel**' } }))
          .status,
      ).toBe(200);
    });

    it('refuses topic wildcards from members in a topic with more than 15 participants, not in a small one', async () => {
      const refused = error(
        'You do not have permission to use topic wildcard mentions in this topic.',
        'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
      );
      expect(
        (await api('POST', '/messages', { auth: member, params: { type: 'stream', to: name, topic: 'busy', content: '@**topic** look' } }))
          .body,
      ).toEqual(refused);
      const id = await send(member, { type: 'stream', to: name, topic: 'busy', content: 'look' });
      expect((await edit(member, id, { content: '@**topic** look' })).body).toEqual(refused);
      expect(
        (await api('POST', '/messages', { auth: member, params: { type: 'stream', to: name, topic: 'small', content: '@**topic** look' } }))
          .status,
      ).toBe(200);
    });
  });
});

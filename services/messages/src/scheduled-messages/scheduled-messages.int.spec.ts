import { api, createChannel, createUser, owner, systemInfo, TestEventQueue, uniqueChannelName, type Credentials } from '@zulip-es/testing';
import { NOTIFICATION_BOT, send, topicMessages } from '../messages/edit-message/edit-message.int-helpers';

const schedule = (auth: Credentials, params: Record<string, unknown>) => api('POST', '/scheduled_messages', { auth, params });
const list = async (auth: Credentials) =>
  (await api('GET', '/scheduled_messages', { auth })).body.scheduled_messages as Record<string, unknown>[];
const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });
const inSeconds = (n: number) => Math.floor(Date.now() / 1000) + n;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  for (const start = Date.now(); ; await sleep(200)) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() - start > timeoutMs) throw new Error('not in time');
  }
}

/** The direct messages the Notification Bot sent the user, newest last. */
async function fromNotificationBot(auth: Credentials): Promise<{ content: string }[]> {
  const res = await api('GET', '/messages', {
    auth,
    params: {
      anchor: 'newest',
      num_before: 20,
      num_after: 0,
      apply_markdown: false,
      narrow: [{ operator: 'sender', operand: NOTIFICATION_BOT }],
    },
  });
  return res.body.messages as { content: string }[];
}

describe('scheduled messages', () => {
  it('sends a scheduled message once, at its time, and tells its sender of every change', async () => {
    const sender = await createUser({ label: 'scheduler' });
    const name = uniqueChannelName('scheduled');
    const channelId = await createChannel({ name, subscribers: [sender.userId] });
    const queue = await TestEventQueue.register(sender, { event_types: ['scheduled_messages'] });
    const at = inSeconds(3);
    const created = await schedule(sender, {
      type: 'stream',
      to: channelId,
      topic: 'later',
      content: 'Hello **later**',
      scheduled_delivery_timestamp: at,
    });
    expect(created.body).toEqual({ result: 'success', msg: '', scheduled_message_id: expect.any(Number) });
    const id = created.body.scheduled_message_id as number;
    const shown = {
      scheduled_message_id: id,
      type: 'stream',
      to: channelId,
      topic: 'later',
      content: 'Hello **later**',
      rendered_content: '<p>Hello <strong>later</strong></p>',
      scheduled_delivery_timestamp: at,
      failed: false,
    };
    expect(await list(sender)).toEqual([shown]);
    expect((await queue.waitFor((e) => e.op === 'add')).scheduled_messages).toEqual([shown]);

    const delivered = await eventually(async () => (await topicMessages(sender, name, 'later'))[0]);
    expect(delivered.content).toBe('Hello **later**');
    await queue.waitFor((e) => e.op === 'remove' && e.scheduled_message_id === id);
    expect(await list(sender)).toEqual([]);
    await sleep(1500);
    expect(await topicMessages(sender, name, 'later')).toHaveLength(1);
    // As in Zulip, a delivered message can still be deleted from the record (not from the channel), once.
    expect((await api('DELETE', `/scheduled_messages/${id}`, { auth: sender })).body).toEqual({ result: 'success', msg: '' });
    expect((await api('DELETE', `/scheduled_messages/${id}`, { auth: sender })).status).toBe(404);
    expect(await topicMessages(sender, name, 'later')).toHaveLength(1);
  });

  it('sends an edited message at its new time with its new text, and a deleted one never', async () => {
    const sender = await createUser({ label: 'scheduler-edit' });
    const name = uniqueChannelName('scheduled-edit');
    const channelId = await createChannel({ name, subscribers: [sender.userId] });
    const edited = (
      await schedule(sender, { type: 'channel', to: channelId, topic: 'a', content: 'first', scheduled_delivery_timestamp: inSeconds(60) })
    ).body.scheduled_message_id as number;
    const deleted = (
      await schedule(sender, { type: 'channel', to: channelId, topic: 'a', content: 'never', scheduled_delivery_timestamp: inSeconds(2) })
    ).body.scheduled_message_id as number;
    expect(
      (
        await api('PATCH', `/scheduled_messages/${edited}`, {
          auth: sender,
          params: { content: 'second', topic: 'b', scheduled_delivery_timestamp: inSeconds(2) },
        })
      ).body,
    ).toEqual({ result: 'success', msg: '' });
    expect((await api('DELETE', `/scheduled_messages/${deleted}`, { auth: sender })).body).toEqual({ result: 'success', msg: '' });
    const delivered = await eventually(async () => (await topicMessages(sender, name, 'b'))[0]);
    expect(delivered.content).toBe('second');
    await sleep(1500);
    expect(await topicMessages(sender, name, 'a')).toEqual([]);
    expect(await topicMessages(sender, name, 'b')).toHaveLength(1);
  });

  it('records a message its sender may no longer send as failed, tells them, and sends it once rescheduled', async () => {
    const sender = await createUser({ label: 'scheduler-fail' });
    const name = uniqueChannelName('scheduled-fail');
    const channelId = await createChannel({ name, subscribers: [sender.userId, systemInfo().owner.userId], invite_only: true });
    const id = (
      await schedule(sender, { type: 'stream', to: channelId, topic: 't', content: 'too late', scheduled_delivery_timestamp: inSeconds(2) })
    ).body.scheduled_message_id as number;
    await api('DELETE', '/users/me/subscriptions', { auth: owner(), params: { subscriptions: [name], principals: [sender.userId] } });
    const failed = await eventually(async () => (await list(sender)).find((m) => m.failed === true));
    expect(failed).toMatchObject({ scheduled_message_id: id, failed: true });
    const notice = (await fromNotificationBot(sender)).at(-1)!;
    expect(notice.content).toMatch(
      /^The message you scheduled for <time:.*> was not sent because of the following error:\n\n> Not authorized to send to channel '.*'\n\n\[View scheduled messages\]\(#scheduled\)$/,
    );
    expect((await api('PATCH', `/scheduled_messages/${id}`, { auth: sender, params: { content: 'x' } })).body).toEqual(
      error('Scheduled delivery time must be in the future.'),
    );

    await api('POST', '/users/me/subscriptions', { auth: owner(), params: { subscriptions: [{ name }], principals: [sender.userId] } });
    expect(
      (await api('PATCH', `/scheduled_messages/${id}`, { auth: sender, params: { scheduled_delivery_timestamp: inSeconds(2) } })).body,
    ).toEqual({ result: 'success', msg: '' });
    expect((await eventually(async () => (await topicMessages(sender, name, 't'))[0])).content).toBe('too late');
  });

  it('refuses what Zulip refuses, changing nothing', async () => {
    const sender = await createUser({ label: 'scheduler-refused' });
    const other = await createUser({ label: 'scheduler-other' });
    const channelId = await createChannel({ name: uniqueChannelName('scheduled-refused'), subscribers: [sender.userId] });
    const base = { type: 'stream', to: channelId, topic: 't', content: 'x', scheduled_delivery_timestamp: inSeconds(600) };
    expect((await schedule(sender, { ...base, scheduled_delivery_timestamp: inSeconds(-1) })).body).toEqual(
      error('Scheduled delivery time must be in the future.'),
    );
    expect((await schedule(sender, { ...base, type: 'broadcast' })).body).toEqual(
      error('Invalid type: Value error, Not in the list of possible values'),
    );
    expect((await schedule(sender, { ...base, to: [channelId] })).body).toEqual(error('Invalid data type for channel ID'));
    expect((await schedule(sender, { ...base, topic: undefined })).body).toEqual(error('Missing topic'));
    expect((await schedule(sender, { ...base, type: 'direct', to: channelId })).body).toEqual(error('Invalid data type for recipients'));
    expect((await schedule(sender, { ...base, to: 2 ** 31 - 1 })).body).toMatchObject({ result: 'error', code: 'STREAM_DOES_NOT_EXIST' });
    expect(await list(sender)).toEqual([]);

    const id = (
      await schedule(sender, { type: 'direct', to: [other.userId], content: 'psst', scheduled_delivery_timestamp: inSeconds(600) })
    ).body.scheduled_message_id as number;
    expect(await list(sender)).toEqual([expect.objectContaining({ scheduled_message_id: id, type: 'private', to: [other.userId] })]);
    for (const [method, params] of [
      ['PATCH', { content: 'y' }],
      ['DELETE', {}],
    ] as const) {
      const res = await api(method, `/scheduled_messages/${id}`, { auth: other, params });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(error('Scheduled message does not exist'));
    }
    expect((await api('PATCH', `/scheduled_messages/${id}`, { auth: sender, params: {} })).body).toEqual(error('Nothing to change'));
    expect((await api('PATCH', `/scheduled_messages/${id}`, { auth: sender, params: { type: 'stream' } })).body).toEqual(
      error('Recipient required when updating type of scheduled message.'),
    );
    expect((await api('PATCH', `/scheduled_messages/${id}`, { auth: sender, params: { type: 'stream', to: channelId } })).body).toEqual(
      error('Topic required when updating scheduled message type to channel.'),
    );
    await api('DELETE', `/scheduled_messages/${id}`, { auth: sender });
  });
});

describe('reminders', () => {
  it('has the Notification Bot remind the user of a message at the time asked, with the note', async () => {
    const [user, author] = await Promise.all([createUser({ label: 'reminded' }), createUser({ label: 'reminded-author' })]);
    const name = uniqueChannelName('reminders');
    await createChannel({ name, subscribers: [user.userId, author.userId] });
    const messageId = await send(author, { type: 'stream', to: name, topic: 'plans', content: 'Ship on Friday' });
    const queue = await TestEventQueue.register(user, { event_types: ['reminders'] });
    const at = inSeconds(2);
    const created = await api('POST', '/reminders', {
      auth: user,
      params: { message_id: messageId, scheduled_delivery_timestamp: at, note: 'check the build\n' },
    });
    expect(created.body).toEqual({ result: 'success', msg: '', reminder_id: expect.any(Number) });
    const id = created.body.reminder_id as number;
    const [listed] = (await api('GET', '/reminders', { auth: user })).body.reminders as Record<string, unknown>[];
    expect(listed).toMatchObject({
      reminder_id: id,
      type: 'private',
      to: [user.userId],
      scheduled_delivery_timestamp: at,
      failed: false,
      reminder_target_message_id: messageId,
    });
    expect((await queue.waitFor((e) => e.op === 'add')).reminders).toEqual([listed]);

    const reminder = await eventually(async () =>
      (await fromNotificationBot(user)).find((m) => m.content.startsWith('You requested a reminder')),
    );
    expect(reminder.content.split('\n').slice(0, 5)).toEqual([
      `You requested a reminder for #**${name}>plans@${messageId}**. Note:`,
      ' > check the build',
      '',
      expect.stringMatching(
        new RegExp(
          `^@_\\*\\*${author.fullName}\\|${author.userId}\\*\\* \\[said\\]\\(http.*/#narrow/channel/.*/topic/plans/near/${messageId}\\):$`,
        ),
      ),
      '```quote',
    ]);
    await queue.waitFor((e) => e.op === 'remove' && e.reminder_id === id);
    expect((await api('GET', '/reminders', { auth: user })).body.reminders).toEqual([]);
  });

  it('refuses a reminder of an unreadable message, a past time or a long note; deletes only the owner’s', async () => {
    const [user, other] = await Promise.all([createUser({ label: 'reminder-refused' }), createUser({ label: 'reminder-other' })]);
    const name = uniqueChannelName('reminders-private');
    await createChannel({ name, subscribers: [other.userId], invite_only: true });
    const secret = await send(other, { type: 'stream', to: name, topic: 't', content: 'secret' });
    const remind = (auth: Credentials, params: Record<string, unknown>) =>
      api('POST', '/reminders', { auth, params: { message_id: secret, scheduled_delivery_timestamp: inSeconds(600), ...params } });
    expect((await remind(user, {})).body).toEqual(error('Invalid message(s)'));
    expect((await remind(other, { scheduled_delivery_timestamp: inSeconds(-5) })).body).toEqual(
      error('Scheduled delivery time must be in the future.'),
    );
    expect((await remind(other, { note: 'n'.repeat(1001) })).body).toEqual(error('Maximum reminder note length: 1000 characters'));
    const id = (await remind(other, { note: 'n'.repeat(1000) })).body.reminder_id as number;
    const refused = await api('DELETE', `/reminders/${id}`, { auth: user });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(error('Reminder does not exist'));
    expect((await api('DELETE', `/scheduled_messages/${id}`, { auth: other })).status).toBe(404);
    expect((await api('DELETE', `/reminders/${id}`, { auth: other })).body).toEqual({ result: 'success', msg: '' });
  });
});

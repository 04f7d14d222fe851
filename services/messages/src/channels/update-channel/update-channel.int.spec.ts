import { Role } from '@zulip-es/contracts';
import { api, createChannel, createUser, owner, TestEventQueue, uniqueChannelName, type Credentials } from '@zulip-es/testing';
import { NOTIFICATION_BOT, send, topicMessages } from '../../messages/edit-message/edit-message.int-helpers';

const patch = (auth: Credentials, id: number, params: Record<string, unknown>) => api('PATCH', `/streams/${id}`, { auth, params });
const stream = async (auth: Credentials, id: number) => (await api('GET', `/streams/${id}`, { auth })).body;
const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });
const SUCCESS = { result: 'success', msg: '' };

describe('changing and archiving channels', () => {
  it('renames and describes a channel: subscribers are told, and the Notification Bot says so in it', async () => {
    const member = await createUser({ label: 'chan-update-member' });
    const name = uniqueChannelName('update');
    const id = await createChannel({ name, subscribers: [member.userId], description: 'Old' });
    const queue = await TestEventQueue.register(member, { event_types: ['stream'] });
    const renamed = uniqueChannelName('renamed');
    expect((await patch(owner(), id, { new_name: renamed, description: 'New **one**' })).body).toEqual(SUCCESS);

    expect((await stream(member, id)).stream).toMatchObject({
      name: renamed,
      description: 'New **one**',
      rendered_description: '<p>New <strong>one</strong></p>',
    });
    await queue.waitFor((e) => e.op === 'update' && e.property === 'name');
    expect(queue.ofType('stream')).toEqual([
      expect.objectContaining({
        op: 'update',
        stream_id: id,
        name,
        property: 'description',
        value: 'New **one**',
        rendered_description: '<p>New <strong>one</strong></p>',
      }),
      expect.objectContaining({ op: 'update', stream_id: id, name, property: 'name', value: renamed }),
    ]);
    const notices = await topicMessages(member, renamed, 'channel events');
    expect(notices.map((m) => m.sender_email)).toEqual([NOTIFICATION_BOT, NOTIFICATION_BOT]);
    expect(notices[1]!.content).toMatch(new RegExp(`renamed channel \\*\\*${name}\\*\\* to \\*\\*${renamed}\\*\\*\\.$`));
    expect((await api('GET', '/get_stream_id', { auth: member, params: { stream: renamed } })).body).toMatchObject({ stream_id: id });
    expect((await api('GET', '/get_stream_id', { auth: member, params: { stream: name } })).body).toMatchObject({ result: 'error' });

    expect((await patch(owner(), id, { new_name: renamed })).body).toEqual(error('Channel already has that name.'));
    const other = uniqueChannelName('taken');
    await createChannel({ name: other, subscribers: [] });
    expect((await patch(owner(), id, { new_name: other.toUpperCase(), description: 'not applied' })).body).toMatchObject({
      code: 'CHANNEL_ALREADY_EXISTS',
    });
    expect((await stream(member, id)).stream).toMatchObject({ description: 'New **one**' });
  });

  it('makes a channel private: those who are not subscribed no longer find it', async () => {
    const [member, outsider] = await Promise.all([
      createUser({ label: 'chan-private-member' }),
      createUser({ label: 'chan-private-outsider' }),
    ]);
    const id = await createChannel({ name: uniqueChannelName('to-private'), subscribers: [member.userId] });
    expect((await stream(outsider, id)).stream).toMatchObject({ invite_only: false });
    expect((await patch(owner(), id, { is_private: true })).body).toEqual(SUCCESS);
    expect((await stream(member, id)).stream).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    expect(await stream(outsider, id)).toEqual(error('Invalid channel ID'));
    expect((await patch(owner(), id, { is_private: false, history_public_to_subscribers: false })).body).toEqual(
      error('Invalid parameters'),
    );
  });

  it('lets only those who administer the channel change it', async () => {
    const [moderator, member] = await Promise.all([
      createUser({ role: Role.MODERATOR, label: 'chan-mod' }),
      createUser({ label: 'chan-admin-member' }),
    ]);
    const id = await createChannel({ name: uniqueChannelName('administered'), subscribers: [member.userId] });
    expect((await patch(moderator, id, { description: 'x' })).body).toEqual(
      error('You do not have permission to administer this channel.'),
    );
    expect(
      (
        await patch(owner(), id, {
          can_administer_channel_group: JSON.stringify({ new: { direct_members: [member.userId], direct_subgroups: [] } }),
        })
      ).body,
    ).toEqual(SUCCESS);
    expect((await patch(member, id, { description: 'by its administrator' })).body).toEqual(SUCCESS);
    expect((await patch(member, id, { message_retention_days: 30 })).body).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization owner',
    });
  });

  it('archives a channel: it disappears, nobody posts in it, and unarchiving brings it back', async () => {
    const member = await createUser({ label: 'chan-archive-member' });
    const name = uniqueChannelName('archived');
    const id = await createChannel({ name, subscribers: [member.userId] });
    const queue = await TestEventQueue.register(member, { event_types: ['stream'] });
    expect((await api('DELETE', `/streams/${id}`, { auth: owner() })).body).toEqual(SUCCESS);
    await queue.waitFor((e) => e.op === 'delete');
    expect(queue.ofType('stream').map((e) => [e.op, e.property ?? null])).toEqual([
      ['update', 'is_archived'],
      ['delete', null],
    ]);
    const listed = (await api('GET', '/streams', { auth: member })).body.streams as { stream_id: number }[];
    expect(listed.some((s) => s.stream_id === id)).toBe(false);
    expect(
      (await api('POST', '/messages', { auth: member, params: { type: 'stream', to: name, topic: 't', content: 'x' } })).body,
    ).toMatchObject({ result: 'error' });
    expect((await api('DELETE', `/streams/${id}`, { auth: owner() })).body).toEqual(error('Channel is already deactivated'));

    expect((await patch(owner(), id, { is_archived: false })).body).toEqual(SUCCESS);
    await send(member, { type: 'stream', to: name, topic: 't', content: 'back again' });
    const notices = (await topicMessages(member, name, 'channel events')).map((m) => m.content);
    expect(notices).toEqual([`Channel #**${name}** has been archived.`, `Channel #**${name}** has been unarchived.`]);
  });

  it('answers an empty email address, this server receiving no email, to those who may read the channel', async () => {
    const [member, outsider] = await Promise.all([
      createUser({ label: 'chan-email-member' }),
      createUser({ label: 'chan-email-outsider' }),
    ]);
    const id = await createChannel({ name: uniqueChannelName('email'), subscribers: [member.userId], invite_only: true });
    expect((await api('GET', `/streams/${id}/email_address`, { auth: member })).body).toEqual({ ...SUCCESS, email: '' });
    expect((await api('GET', `/streams/${id}/email_address`, { auth: outsider })).body).toEqual(error('Invalid channel ID'));
    expect((await api('GET', `/streams/${id}/email_address`, { auth: member, params: { sender_id: outsider.userId } })).body).toEqual(
      error('No such bot'),
    );
  });
});

import { Role } from '@zulip-es/contracts';
import { api, createChannel, createUser, owner, uniqueChannelName, type Credentials } from '@zulip-es/testing';
import { NOTIFICATION_BOT, send, topicMessages } from '../edit-message/edit-message.int-helpers';

const report = (auth: Credentials, id: number, params: Record<string, unknown>) => api('POST', `/messages/${id}/report`, { auth, params });
const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });

/** Sets the moderation request channel and waits until the messages service applies it (probing with a report of a message that does not exist). */
async function setModerationChannel(channelId: number, probe: { auth: Credentials }): Promise<void> {
  expect((await api('PATCH', '/realm', { auth: owner(), params: { moderation_request_channel_id: channelId } })).body).toMatchObject({
    result: 'success',
  });
  const disabled = error('Moderation request channel must be specified to enable message reporting.');
  for (let i = 0; i < 100; i++) {
    const body = (await report(probe.auth, 2 ** 31 - 1, { report_type: 'spam' })).body;
    if ((JSON.stringify(body) === JSON.stringify(disabled)) === channelId < 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The moderation request channel is an organization setting: every case runs in this one test. */
describe('POST /messages/{message_id}/report', () => {
  it('posts the report to the moderation request channel as the Notification Bot, after Zulip checks', async () => {
    const [reporter, offender, outsider, moderator] = await Promise.all(
      ['reporter', 'offender', 'outsider', 'moderator'].map((label) => createUser({ label: `report-${label}` })),
    );
    const moderators = uniqueChannelName('moderation');
    const moderationId = await createChannel({ name: moderators, subscribers: [moderator.userId], invite_only: true });
    const denmark = uniqueChannelName('denmark');
    await createChannel({ name: denmark, subscribers: [reporter.userId, offender.userId], invite_only: true });
    const id = await send(offender, {
      type: 'stream',
      to: denmark,
      topic: 'civilized discussions',
      content: 'I squeeze toothpaste from the middle',
    });

    expect((await api('PATCH', '/realm', { auth: owner(), params: { moderation_request_channel_id: 2 ** 31 - 1 } })).body).toEqual(
      error('Invalid channel ID'),
    );
    await setModerationChannel(-1, { auth: reporter });
    expect((await report(reporter, id, { report_type: 'spam' })).body).toEqual(
      error('Moderation request channel must be specified to enable message reporting.'),
    );
    expect((await report(reporter, id, { report_type: 'rude' })).body).toEqual(
      error('Invalid report_type: Value error, Not in the list of possible values'),
    );

    await setModerationChannel(moderationId, { auth: reporter });
    const registered = await api('POST', '/register', { auth: reporter, params: { fetch_event_types: ['realm'] } });
    expect(registered.body).toMatchObject({ realm_moderation_request_channel_id: moderationId });
    expect((await report(reporter, id, { report_type: 'other' })).body).toEqual(error('An explanation is required.'));
    expect((await report(outsider, id, { report_type: 'spam' })).body).toEqual(error('Invalid message(s)'));
    expect((await report(reporter, id, { report_type: 'other', description: 'x'.repeat(1001) })).body).toEqual(
      error('description is too long (limit: 1000 characters)'),
    );

    expect((await report(reporter, id, { report_type: 'harassment', description: 'this is crime against food' })).body).toEqual({
      result: 'success',
      msg: '',
    });
    const [posted] = await topicMessages(moderator, moderators, `${offender.fullName} moderation`);
    expect(posted).toMatchObject({ sender_email: NOTIFICATION_BOT });
    expect(posted.content.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^@_\\*\\*${reporter.fullName}\\|${reporter.userId}\\*\\* reported a message sent by @_\\*\\*${offender.fullName}\\|${offender.userId}\\*\\* at <time:\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+00:00>\\.$`,
        ),
      ),
      '```quote',
      '**Harassment**. this is crime against food',
      '```',
      '',
      `\`\`\` spoiler Original message at #**${denmark}>civilized discussions@${id}**`,
      'I squeeze toothpaste from the middle',
      '```',
    ]);

    // Guests may report what they can read, and anyone may report a direct message they are part of.
    const guest = await createUser({ role: Role.GUEST, label: 'report-guest' });
    const dm = await send(offender, { type: 'direct', to: JSON.stringify([guest.userId]), content: 'boo' });
    expect((await report(guest, dm, { report_type: 'norms' })).body).toEqual({ result: 'success', msg: '' });
    const [second] = (await topicMessages(moderator, moderators, `${offender.fullName} moderation`)).slice(-1);
    expect(second.content).toContain(`reported a direct message sent by @_**${offender.fullName}|${offender.userId}** at <time:`);
    expect(second.content).toContain(
      `/#narrow/dm/${Math.min(guest.userId, offender.userId)},${Math.max(guest.userId, offender.userId)}/near/${dm})`,
    );
  });
});

import { api, createChannel, createUser, uniqueChannelName } from '@zulip-es/testing';
import { edit, send, topicMessages } from './edit-message.int-helpers';

/**
 * A valid 10,000-character message (Zulip's max_message_length) that renders to about 620 KB of
 * HTML: a table of 100 columns and 600 rows (every row gets every column), then text.
 */
function wideTable(lastLine: string): string {
  const table = `|${'a|'.repeat(100)}\n|${'-|'.repeat(100)}\n${'x\n'.repeat(600)}\n`;
  return `${table}${'z'.repeat(10_000 - table.length - lastLine.length)}${lastLine}`;
}

describe('PATCH /messages/{message_id}: an edit whose events are too large to store', () => {
  it('is refused with a Zulip error, changes nothing, and the messages service goes on answering', async () => {
    const user = await createUser({ label: 'wide' });
    const name = uniqueChannelName('wide');
    await createChannel({ name, subscribers: [user.userId] });
    const original = wideTable('x');
    expect(original).toHaveLength(10_000);
    const id = await send(user, { type: 'stream', to: name, topic: 't', content: original });

    // The old and the new rendering (about 620 KB each) are more than Kafka takes in one append.
    const res = await edit(user, id, { content: wideTable('y') });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', max_bytes: 1_000_000 });
    expect(res.body.msg).toMatch(/^This change is too large to store/);

    const [shown] = await topicMessages(user, name, 't');
    expect(shown).toMatchObject({ id, content: original.trimEnd() });
    expect(shown).not.toHaveProperty('last_edit_timestamp');
    const next = await api('POST', '/messages', { auth: user, params: { type: 'stream', to: name, topic: 't', content: 'still here' } });
    expect(next.body).toMatchObject({ result: 'success' });
  }, 60_000);

  it('refuses, as Zulip does, a message whose HTML would be over a million characters', async () => {
    const user = await createUser({ label: 'wider' });
    const name = uniqueChannelName('wider');
    await createChannel({ name, subscribers: [user.userId] });
    const header = `|${'a|'.repeat(300)}\n|${'-|'.repeat(300)}\n`;
    const res = await api('POST', '/messages', {
      auth: user,
      params: { type: 'stream', to: name, topic: 't', content: `${header}${'x\n'.repeat(4000)}` },
    });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Unable to render message' });
    expect(await topicMessages(user, name, 't')).toEqual([]);
  });
});

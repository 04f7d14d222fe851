import { api, createChannel, createUser, uniqueChannelName } from '@zulip-es/testing';
import { edit, send, topicMessages } from './edit-message.int-helpers';

/** A valid 10,000-character message (Zulip's max_message_length) that renders to about 688 KB of HTML. */
function wideTable(lastCell: string): string {
  const header = `|${'a|'.repeat(300)}\n|${'-|'.repeat(300)}\n`;
  const rows = 'x\n'.repeat((10_000 - header.length - lastCell.length) / 2);
  return `${header}${rows}${lastCell}`;
}

describe('PATCH /messages/{message_id}: an edit whose events are too large to store', () => {
  it('is refused with a Zulip error, changes nothing, and the messages service goes on answering', async () => {
    const user = await createUser({ label: 'wide' });
    const name = uniqueChannelName('wide');
    await createChannel({ name, subscribers: [user.userId] });
    const original = wideTable('x\n');
    expect(original).toHaveLength(10_000);
    const id = await send(user, { type: 'stream', to: name, topic: 't', content: original });

    // The old and the new rendering (about 688 KB each) are more than Kafka takes in one append.
    const res = await edit(user, id, { content: wideTable('y\n') });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', max_bytes: 1_000_000 });
    expect(res.body.msg).toMatch(/^This change is too large to store/);

    const [shown] = await topicMessages(user, name, 't');
    expect(shown).toMatchObject({ id, content: original.trimEnd() });
    expect(shown).not.toHaveProperty('last_edit_timestamp');
    const next = await api('POST', '/messages', { auth: user, params: { type: 'stream', to: name, topic: 't', content: 'still here' } });
    expect(next.body).toMatchObject({ result: 'success' });
  }, 60_000);
});

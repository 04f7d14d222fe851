import { api, createChannel, createUser, owner, subscribeTo, uniqueChannelName, type Credentials } from '@zulip-es/testing';
import { send } from '../edit-message/edit-message.int-helpers';

const matches = (auth: Credentials, msg_ids: number[], narrow: unknown[]) =>
  api('GET', '/messages/matches_narrow', { auth, params: { msg_ids, narrow } });

describe('GET /messages/matches_narrow', () => {
  it('answers which of the messages the caller received match the narrow, with their content and escaped topic', async () => {
    const [sender, reader] = await Promise.all([createUser({ label: 'narrow-sender' }), createUser({ label: 'narrow-reader' })]);
    const name = uniqueChannelName('narrow');
    await createChannel({ name, subscribers: [sender.userId] });
    const before = await send(sender, { type: 'stream', to: name, topic: 'a <b>', content: 'sent before the reader joined' });
    await subscribeTo([name], {}, reader);
    const inTopic = await send(sender, { type: 'stream', to: name, topic: 'a <b>', content: '**bold**' });
    const elsewhere = await send(sender, { type: 'stream', to: name, topic: 'other', content: 'x' });
    const dm = await send(sender, { type: 'direct', to: JSON.stringify([reader.userId]), content: 'hi' });

    const res = await matches(
      reader,
      [before, inTopic, elsewhere, dm, 2 ** 31 - 1],
      [
        { operator: 'channel', operand: name },
        { operator: 'topic', operand: 'a <b>' },
      ],
    );
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      messages: { [inTopic]: { match_content: '<p><strong>bold</strong></p>', match_subject: 'a &lt;b&gt;' } },
    });

    const dms = await matches(reader, [inTopic, dm], [{ operator: 'is', operand: 'dm' }]);
    expect(dms.body.messages).toEqual({ [dm]: { match_content: '<p>hi</p>', match_subject: '' } });
    expect((await matches(owner(), [dm], [])).body.messages).toEqual({});
  });

  it('answers for as many message ids as a URL holds', async () => {
    // A GET carries its parameters in the URL (16 KiB at most): about a thousand ten-digit ids.
    const ids = Array.from({ length: 1000 }, (_, i) => 2 ** 31 - 1 - i);
    const res = await matches(owner(), ids, [{ operator: 'is', operand: 'dm' }]);
    expect(res.body).toEqual({ result: 'success', msg: '', messages: {} });
  });

  it('refuses a narrow it cannot read, as GET /messages does', async () => {
    const res = await matches(owner(), [1], [{ operator: 'nonsense', operand: 'x' }]);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid narrow operator: unknown operator nonsense' });
  });
});

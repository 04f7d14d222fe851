import { createUser, runPythonZulip, subscribeTo, uniqueChannelName } from '@zulip-es/testing';

interface Message {
  id: number;
  content: string;
  sender_id: number;
  type: string;
  display_recipient: string | { id: number }[];
  subject: string;
}

/** Messages through the Python `zulip` package, as a script or bot sends and reads them. */
describe('Python zulip client: messages', () => {
  it('sends a channel message and a direct message, reads them back, edits one and deletes the other', async () => {
    const alice = await createUser({ label: 'py-msg-alice' });
    const bob = await createUser({ label: 'py-msg-bob' });
    const channel = uniqueChannelName('py-msg');
    await subscribeTo([channel], {}, alice);

    const sent = await runPythonZulip<{ channel: { result: string; id: number }; direct: { result: string; id: number } }>(
      alice,
      `
      channel = client.send_message({"type": "stream", "to": args["channel"], "topic": "python", "content": "Hello from **Python**"})
      direct = client.send_message({"type": "private", "to": [args["bob"]], "content": "psst"})
      return {"channel": channel, "direct": direct}
      `,
      { args: { channel, bob: bob.userId } },
    );
    expect(sent).toEqual({
      channel: { result: 'success', msg: '', id: expect.any(Number) },
      direct: { result: 'success', msg: '', id: expect.any(Number) },
    });

    const read = await runPythonZulip<{
      narrowed: { result: string; messages: Message[]; found_newest: boolean };
      raw: { raw_content: string; message: Message };
    }>(
      bob,
      `
      narrowed = client.get_messages({"anchor": "newest", "num_before": 10, "num_after": 0, "narrow": [{"operator": "dm", "operand": [args["alice"]]}]})
      raw = client.get_raw_message(args["direct"])
      return {"narrowed": narrowed, "raw": raw}
      `,
      { args: { alice: alice.userId, direct: sent.direct.id } },
    );
    expect(read.narrowed).toMatchObject({ result: 'success', found_newest: true });
    expect(read.narrowed.messages).toEqual([
      expect.objectContaining({ id: sent.direct.id, content: '<p>psst</p>', sender_id: alice.userId, type: 'private' }),
    ]);
    expect(read.raw).toMatchObject({ result: 'success', raw_content: 'psst', message: { id: sent.direct.id, sender_id: alice.userId } });

    const changed = await runPythonZulip<{
      edited: { result: string };
      deleted: { result: string };
      after: { messages: Message[] };
      gone: { result: string; code: string };
    }>(
      alice,
      `
      edited = client.update_message({"message_id": args["channel"], "content": "Edited from Python"})
      deleted = client.delete_message(args["direct"])
      after = client.get_messages({"anchor": "newest", "num_before": 10, "num_after": 0, "narrow": [{"operator": "channel", "operand": args["name"]}]})
      gone = client.get_raw_message(args["direct"])
      return {"edited": edited, "deleted": deleted, "after": after, "gone": gone}
      `,
      { args: { channel: sent.channel.id, direct: sent.direct.id, name: channel } },
    );
    expect(changed.edited).toMatchObject({ result: 'success' });
    expect(changed.deleted).toMatchObject({ result: 'success' });
    expect(changed.after.messages).toEqual([
      expect.objectContaining({ id: sent.channel.id, content: '<p>Edited from Python</p>', display_recipient: channel, subject: 'python' }),
    ]);
    expect(changed.gone).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
  });
});

import { createChannel, createUser, owner, runPythonZulip, uniqueChannelName } from '@zulip-es/testing';

type Answer = Record<string, unknown>;

/** What scripts do to channels and messages with the Python `zulip` package: change, archive, read edit history. */
describe('Python zulip client: changing channels and reading edit history', () => {
  it('describes, renames and archives a channel, asks its email address, and reads a message history', async () => {
    const member = await createUser({ label: 'py-chan-change' });
    const name = uniqueChannelName('py-change');
    const id = await createChannel({ name, subscribers: [member.userId] });
    const renamed = uniqueChannelName('py-renamed');
    const result = await runPythonZulip<Record<string, Answer>>(
      owner(),
      `
      updated = client.update_stream({"stream_id": args["id"], "description": "From a script", "new_name": args["renamed"]})
      stream = client.call_endpoint(url="streams/{}".format(args["id"]), method="GET")
      email = client.get_stream_email_address(args["id"])
      sent = client.send_message({"type": "stream", "to": args["renamed"], "topic": "t", "content": "first"})
      edited = client.update_message({"message_id": sent["id"], "content": "second"})
      history = client.get_message_history(sent["id"])
      deleted = client.delete_stream(args["id"])
      return {"updated": updated, "stream": stream, "email": email, "edited": edited, "history": history, "deleted": deleted}
      `,
      { args: { id, renamed } },
    );
    expect(result.updated).toEqual({ result: 'success', msg: '' });
    expect(result.stream!.stream).toMatchObject({ stream_id: id, name: renamed, description: 'From a script' });
    expect(result.email).toEqual({ result: 'success', msg: '', email: '' });
    expect(result.edited).toMatchObject({ result: 'success' });
    expect((result.history!.message_history as Answer[]).map((s) => s.content)).toEqual(['first', 'second']);
    expect(result.deleted).toEqual({ result: 'success', msg: '' });
  });
});

import { createUser, runPythonZulip, subscribeTo, uniqueChannelName } from '@zulip-es/testing';

interface Reaction {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  user_id: number;
}

/** Reactions through the Python `zulip` package, as bots react to what they handled. */
describe('Python zulip client: reactions', () => {
  it('adds reactions by name and by code, reads them back and removes one', async () => {
    const bot = await createUser({ label: 'py-react' });
    const channel = uniqueChannelName('py-react');
    await subscribeTo([channel], {}, bot);

    const done = await runPythonZulip<{
      added: unknown;
      coded: unknown;
      twice: { code: string };
      message: { reactions: Reaction[] };
      removed: unknown;
      after: { reactions: Reaction[] };
    }>(
      bot,
      `
      sent = client.send_message({"type": "stream", "to": args["channel"], "topic": "jobs", "content": "job 42 done"})
      added = client.add_reaction({"message_id": sent["id"], "emoji_name": "check"})
      coded = client.add_reaction({"message_id": sent["id"], "emoji_name": "zulip", "emoji_code": "zulip", "reaction_type": "zulip_extra_emoji"})
      twice = client.add_reaction({"message_id": sent["id"], "emoji_name": "check"})
      message = client.get_raw_message(sent["id"])["message"]
      removed = client.remove_reaction({"message_id": sent["id"], "emoji_name": "check"})
      after = client.get_raw_message(sent["id"])["message"]
      return {"added": added, "coded": coded, "twice": twice, "message": message, "removed": removed, "after": after}
      `,
      { args: { channel } },
    );
    expect(done.added).toEqual({ result: 'success', msg: '' });
    expect(done.coded).toEqual({ result: 'success', msg: '' });
    expect(done.twice).toMatchObject({ result: 'error', code: 'REACTION_ALREADY_EXISTS' });
    expect(done.message.reactions).toEqual([
      { emoji_name: 'check', emoji_code: '2705', reaction_type: 'unicode_emoji', user_id: bot.userId },
      { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji', user_id: bot.userId },
    ]);
    expect(done.removed).toEqual({ result: 'success', msg: '' });
    expect(done.after.reactions).toEqual([
      { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji', user_id: bot.userId },
    ]);
  });
});

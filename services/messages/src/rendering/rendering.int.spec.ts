import { randomBytes } from 'node:crypto';
import { MAX_MESSAGE_INPUT_LENGTH, Role } from '@zulip-es/contracts';
import {
  api,
  createChannel,
  createGroup,
  createUser,
  owner,
  TestEventQueue,
  uniqueChannelName,
  uniqueGroupName,
  type Credentials,
  type TestUser,
} from '@zulip-es/testing';

const send = async (auth: Credentials, params: Record<string, unknown>): Promise<number> => {
  const res = await api('POST', '/messages', { auth, params });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.id as number;
};
const rendered = async (auth: Credentials, id: number) =>
  ((await api('GET', `/messages/${id}`, { auth })).body.message as { content: string }).content;
const preview = async (auth: Credentials, content: string) => (await api('POST', '/messages/render', { auth, params: { content } })).body;

describe('messages rendered as Zulip renders them, with what the organization knows', () => {
  let sender: TestUser;
  let named: TestUser;
  let channel: string;
  let channelId: number;
  beforeAll(async () => {
    [sender, named] = await Promise.all([createUser({ label: 'md-sender' }), createUser({ label: 'md-named' })]);
    channel = uniqueChannelName('md');
    channelId = await createChannel({ name: channel, subscribers: [sender.userId, named.userId] });
  });

  it('renders mentions of users and groups by their current names, and channel and topic links, in what it sends and what it previews', async () => {
    const fullName = ((await api('GET', `/users/${named.userId}`, { auth: sender })).body.user as { full_name: string }).full_name;
    const groupName = uniqueGroupName('md');
    const groupId = await createGroup({ name: groupName, description: 'd', members: JSON.stringify([named.userId]) });
    const first = await send(sender, { type: 'stream', to: channel, topic: 'plans', content: 'first' });
    const content = `@**${fullName.toUpperCase()}** @*${groupName}* #**${channel}>plans** @**No Such Person**`;
    const expected =
      `<p><span class="user-mention" data-user-id="${named.userId}">@${fullName}</span> <span class="user-group-mention" data-user-group-id="${groupId}">@${groupName}</span> ` +
      `<a class="stream-topic" data-stream-id="${channelId}" href="/#narrow/channel/${channelId}-${channel}/topic/plans/with/${first}">#${channel} &gt; plans</a> @<strong>No Such Person</strong></p>`;
    expect(await preview(sender, content)).toEqual({ result: 'success', msg: '', rendered: expected });
    const id = await send(sender, { type: 'stream', to: channel, topic: 'plans', content });
    expect(await rendered(sender, id)).toBe(expected);
    // The mention reached its user: the message is in their mentions.
    const mentions = await api('GET', '/messages', {
      auth: named,
      params: { anchor: 'newest', num_before: 5, narrow: [['is', 'mentioned']] },
    });
    expect((mentions.body.messages as { id: number }[]).map((m) => m.id)).toContain(id);
  });

  it("links only channels the sender may read, and follows the organization's linkifiers and custom emoji", async () => {
    const secret = uniqueChannelName('md-secret');
    await createChannel({ name: secret, invite_only: true });
    expect((await preview(sender, `#**${secret}**`)).rendered).toBe(`<p>#<strong>${secret}</strong></p>`);
    const prefix = `MD${randomBytes(2).toString('hex').toUpperCase()}`;
    const linkifier = await api('POST', '/realm/filters', {
      auth: owner(),
      params: { pattern: `${prefix}-(?P<id>[0-9]+)`, url_template: 'https://tracker.example.org/{id}' },
    });
    expect(linkifier.status).toBe(200);
    try {
      expect((await preview(sender, `see ${prefix}-42`)).rendered).toBe(
        `<p>see <a href="https://tracker.example.org/42">${prefix}-42</a></p>`,
      );
      // Topic names get the same linkifiers, and bare URLs, as Zulip's topic_links.
      const queue = await TestEventQueue.register(sender, { event_types: ['message'] });
      const id = await send(sender, { type: 'stream', to: channel, topic: `${prefix}-7 see zulip.com`, content: 'linked topic' });
      const links = [
        { url: 'https://tracker.example.org/7', text: `${prefix}-7` },
        { url: 'https://zulip.com', text: 'zulip.com' },
      ];
      expect(((await api('GET', `/messages/${id}`, { auth: sender })).body.message as { topic_links: unknown }).topic_links).toEqual(links);
      expect(
        ((await queue.waitFor((e) => e.type === 'message' && (e.message as { id: number }).id === id)).message as { topic_links: unknown })
          .topic_links,
      ).toEqual(links);
      await queue.delete();
    } finally {
      await api('DELETE', `/realm/filters/${linkifier.body.id as number}`, { auth: owner() });
    }
  });

  it('renders wildcards, emoji, code and quotes, and silences mentions it quotes', async () => {
    const fullName = ((await api('GET', `/users/${named.userId}`, { auth: sender })).body.user as { full_name: string }).full_name;
    expect((await preview(sender, `> @**${fullName}** said :octopus:\n\n\`\`\`py\nx = 1\n\`\`\``)).rendered).toBe(
      `<blockquote>\n<p><span class="user-mention silent" data-user-id="${named.userId}">${fullName}</span> said <span aria-label="octopus" class="emoji emoji-1f419" role="img" title="octopus">:octopus:</span></p>\n</blockquote>\n` +
        '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>\n</code></pre></div>',
    );
  });

  it('previews the largest content and refuses larger, and answers errors as Zulip does', async () => {
    const guest = await createUser({ role: Role.GUEST, label: 'md-guest' });
    const largest = await preview(guest, '**x** '.repeat(Math.floor(MAX_MESSAGE_INPUT_LENGTH / 6)));
    // Cut as a sent message is, so a preview costs what a message costs.
    expect(largest).toMatchObject({
      result: 'success',
      rendered: expect.stringMatching(/^<p><strong>x<\/strong>[\s\S]*<br>\n\[message truncated\]<\/p>$/),
    });
    expect((await preview(guest, 'y'.repeat(MAX_MESSAGE_INPUT_LENGTH + 1))).result).toBe('error');
    expect((await api('POST', '/messages/render', { auth: guest, params: {} })).body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'content' argument",
    });
  });
});

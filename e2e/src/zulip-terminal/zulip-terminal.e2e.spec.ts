import { api, createUser, frame, runPythonZulip, subscribeTo, uniqueChannelName, ZulipTerminal, type TestUser } from '@zulip-es/testing';

interface Message {
  sender_id: number;
  content: string;
  subject: string;
}

/** The part of each screen line left of the first column border: the channel list. */
const leftColumn = (screen: string): string[] => screen.split('\n').map((line) => line.split('│')[0]!.trimEnd());

/**
 * zulip-terminal 0.7.0, the terminal client, in a tmux pane (120 × 40), logged in with a zuliprc
 * as Alice, used as a person uses it: Bob writes from other clients, Alice reads and answers
 * with its keys. Each wait fails with the screen and zulip-term's logs.
 */
describe('zulip-terminal', () => {
  let alice: TestUser;
  let bob: TestUser;
  let channel: string;
  let terminal: ZulipTerminal | undefined;

  beforeAll(async () => {
    alice = await createUser({ label: 'zt-alice' });
    bob = await createUser({ label: 'zt-bob' });
    channel = uniqueChannelName('zt');
    await subscribeTo([channel], { principals: [alice.userId, bob.userId] }, bob);
    // Written before Alice opens the terminal: it starts as her one unread message.
    const sent = await runPythonZulip<{ result: string }>(
      bob,
      'return client.send_message({"type": "stream", "to": args["channel"], "topic": "greetings", "content": "Hello Alice, from Python"})',
      {
        args: { channel },
      },
    );
    expect(sent).toMatchObject({ result: 'success' });
    terminal = ZulipTerminal.start(alice);
  });

  afterAll(() => terminal?.stop());

  it('loads the account: its name and the organization in the title, the channel with one unread message in the list', async () => {
    await terminal!.waitForScreen(`a title naming ${alice.email} and the organization`, (screen) =>
      screen.split('\n')[0]!.includes(`${alice.fullName} (${alice.email}) - Zulip ES test organization`),
    );
    // Drawn with the rest once loaded: no need to wait long.
    await terminal!.waitForScreen(
      `"# ${channel}" with the unread count 1 in the channel list`,
      (screen) => leftColumn(screen).some((row) => new RegExp(`^ # ${channel} +1$`).test(row)),
      5_000,
    );
  });

  it('shows the message Bob sent before it started, and the one he sends while it runs', async () => {
    await terminal!.waitForScreen("Bob's first message", (screen) => screen.includes('Hello Alice, from Python'));
    const live = await api('POST', '/messages', {
      auth: bob,
      params: { type: 'stream', to: channel, topic: 'greetings', content: 'Are you there?' },
    });
    expect(live.status).toBe(200);
    await terminal!.waitForScreen("Bob's message sent while it runs", (screen) => screen.includes('Are you there?'));
  });

  it('opens the channel from its list, replies to Bob in the topic, and the reply reaches the server', async () => {
    const tmux = terminal!.tmux;
    tmux.keys('q'); // search the channel list
    tmux.type(channel);
    tmux.keys('Enter', 'Enter'); // leave the search box, open the channel found
    await terminal!.waitForScreen(`the messages of ${channel} only`, (screen) => screen.includes(`│${channel}  Search [/]:`));
    tmux.keys('r'); // reply to the message in focus, in its topic
    await terminal!.waitForScreen(`a compose box addressed to ${channel} ▶ greetings`, (screen) =>
      new RegExp(`# ${channel} +▶ greetings`).test(screen),
    );
    const reply = `Yes Bob, from the terminal ${Date.now()}`;
    tmux.type(reply);
    await terminal!.waitForScreen('the reply typed in the compose box', (screen) => screen.includes(reply));
    tmux.keys('C-d'); // send

    const arrived = await readUntil(bob, channel, (messages) => messages.some((m) => m.sender_id === alice.userId));
    const mine = arrived.find((m) => m.sender_id === alice.userId);
    if (!mine) {
      throw new Error(
        `no message of Alice's in ${channel} within 10 s (${JSON.stringify(arrived)}). The screen:\n${frame(terminal!.screen())}\n${terminal!.logs()}`,
      );
    }
    expect(mine).toMatchObject({ content: `<p>${reply}</p>`, subject: 'greetings' });
  });
});

/** The channel's messages as `reader` reads them with the Python client, read again (up to 10 s) until `done`. */
async function readUntil(reader: TestUser, channel: string, done: (messages: Message[]) => boolean): Promise<Message[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { messages } = await runPythonZulip<{ messages: Message[] }>(
      reader,
      'return client.get_messages({"anchor": "newest", "num_before": 20, "num_after": 0, "narrow": [{"operator": "channel", "operand": args["channel"]}]})',
      { args: { channel } },
    );
    if (done(messages) || Date.now() > deadline) return messages;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

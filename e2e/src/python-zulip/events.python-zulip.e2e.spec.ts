import { api, createUser, runPythonZulip } from '@zulip-es/testing';

type Events = { result: string; events: { id: number; type: string; [field: string]: unknown }[] };

/**
 * An event queue through the Python `zulip` package, as a bot reads it: register, long-poll
 * with get_events (from another process, as a bot restarted on its queue does), deregister.
 */
describe('Python zulip client: event queues', () => {
  it('registers a queue, receives a message and a typing notification from another client on it, and deregisters', async () => {
    const bot = await createUser({ label: 'py-events-bot' });
    const writer = await createUser({ label: 'py-events-writer' });

    const registered = await runPythonZulip<{ result: string; queue_id: string; last_event_id: number }>(
      bot,
      'return client.register(event_types=["message", "typing"])',
    );
    expect(registered).toMatchObject({ result: 'success', queue_id: expect.any(String), last_event_id: -1 });

    const sent = await api('POST', '/messages', {
      auth: writer,
      params: { type: 'direct', to: [bot.userId], content: 'ping for the Python bot' },
    });
    expect(sent.status).toBe(200);
    const received = await runPythonZulip<Events>(bot, 'return client.get_events(queue_id=args["queue"], last_event_id=-1)', {
      args: { queue: registered.queue_id },
    });
    expect(received.events).toEqual([
      expect.objectContaining({
        type: 'message',
        message: expect.objectContaining({
          id: sent.body.id,
          sender_id: writer.userId,
          content: 'ping for the Python bot',
          type: 'private',
        }),
      }),
    ]);

    const typing = await runPythonZulip<{ sent: { result: string }; events: Events }>(
      writer,
      `
      import zulip
      sent = client.set_typing_status({"op": "start", "to": [args["bot"]["id"]]})
      bot = zulip.Client(email=args["bot"]["email"], api_key=args["bot"]["key"], site=client.base_url)
      return {"sent": sent, "events": bot.get_events(queue_id=args["queue"], last_event_id=args["last"])}
      `,
      { args: { bot: { id: bot.userId, email: bot.email, key: bot.apiKey }, queue: registered.queue_id, last: received.events[0]!.id } },
    );
    expect(typing.sent).toMatchObject({ result: 'success' });
    expect(typing.events.events).toEqual([
      expect.objectContaining({ type: 'typing', op: 'start', sender: expect.objectContaining({ user_id: writer.userId }) }),
    ]);

    const gone = await runPythonZulip<{ deregistered: { result: string }; after: Record<string, unknown> }>(
      bot,
      `
      deregistered = client.deregister(args["queue"])
      return {"deregistered": deregistered, "after": client.get_events(queue_id=args["queue"], last_event_id=-1, dont_block=True)}
      `,
      { args: { queue: registered.queue_id } },
    );
    expect(gone.deregistered).toMatchObject({ result: 'success' });
    expect(gone.after).toMatchObject({ result: 'error', code: 'BAD_EVENT_QUEUE_ID', queue_id: registered.queue_id });
  });
});

import { commandsTopic, DELETE_TOPIC_BATCH, type EventEnvelope } from '../../libs/contracts/src';
import { createKafka, createLogger, partitionKey, StackEndpointsSchema, TopicFollower } from '../../libs/platform/src';
import {
  api,
  captureEvents,
  createChannel,
  createUser,
  owner,
  systemInfo,
  type ApiResponse,
  type EventCapture,
} from '../../libs/testing/src';
import type { ServiceProcess } from '../system/service-process';
import { extraPort, runningPid, startInstance } from './extra-processes';

// Both crash tests of the messages service live in this file: they run one after the other, never
// killing the service side by side.

interface Attempt {
  content: string;
  response?: ApiResponse;
  error?: unknown;
}

/** Sends messages one after another until told to stop, recording every answer. */
async function sender(channelId: number, label: string, stop: () => boolean, attempts: Attempt[]): Promise<void> {
  for (let n = 0; !stop(); n++) {
    const attempt: Attempt = { content: `${label}-${n}` };
    attempts.push(attempt);
    try {
      attempt.response = await api('POST', '/messages', {
        auth: owner(),
        params: { type: 'stream', to: String(channelId), topic: 'crash', content: attempt.content },
      });
    } catch (error) {
      // The gateway itself is gone (the test failed and the run is tearing down): stop quietly.
      attempt.error = error;
      return;
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The first `max` messages of a channel's topic, oldest first, as their senders wrote them. */
async function topicMessages(channelId: number, topic: string, max: number): Promise<{ id: number; content: string }[]> {
  const res = await api('GET', '/messages', {
    auth: owner(),
    params: {
      anchor: 'oldest',
      num_after: max,
      apply_markdown: false,
      narrow: [
        { operator: 'channel', operand: channelId },
        { operator: 'topic', operand: topic },
      ],
    },
  });
  return (res.body.messages as { id: number; content: string }[] | undefined) ?? [];
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  for (const start = Date.now(); !(await condition()); await sleep(100))
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
}

/**
 * Four senders post to a new channel; once 8 sends succeeded `kill` runs, and they go on until 8
 * more did. Then: no acknowledged message lost or stored twice, message ids unique and
 * increasing (one sent afterwards above all), every failed send a 503 stored at most once.
 */
async function sendThroughCrash(kill: () => Promise<void>): Promise<void> {
  const channelId = await createChannel();
  const attempts: Attempt[] = [];
  let stopping = false;
  const senders = Array.from({ length: 4 }, (_, i) => sender(channelId, `s${i}`, () => stopping, attempts));

  const successes = (): number => attempts.filter((a) => a.response?.status === 200).length;
  await until(() => successes() >= 8);
  await kill();
  const beforeKill = successes();
  await until(() => successes() >= beforeKill + 8);
  stopping = true;
  await Promise.all(senders);
  // One more after the crash: its id must be above every id given before.
  const last = await api('POST', '/messages', {
    auth: owner(),
    params: { type: 'stream', to: String(channelId), topic: 'crash', content: 'after' },
  });
  expect(last.status).toBe(200);

  const succeeded = attempts.filter((a) => a.response?.status === 200);
  const unknown = attempts.filter((a) => a.response?.status !== 200);
  expect(succeeded.length).toBeGreaterThanOrEqual(16);
  for (const a of unknown) expect(a.response?.status).toBe(503);

  const ids = succeeded.map((a) => a.response!.body.id as number);
  expect(new Set(ids).size).toBe(ids.length);
  expect(last.body.id).toBeGreaterThan(Math.max(...ids));
  const stored = await topicMessages(channelId, 'crash', 5000);
  const storedIds = stored.map((m) => m.id);
  expect(storedIds).toEqual([...storedIds].sort((a, b) => a - b));
  expect(new Set(storedIds).size).toBe(storedIds.length);
  const byContent = new Map<string, number[]>();
  for (const m of stored) byContent.set(m.content, [...(byContent.get(m.content) ?? []), m.id]);
  for (const a of succeeded) expect(byContent.get(a.content)).toEqual([a.response!.body.id]);
  for (const a of unknown) expect((byContent.get(a.content) ?? []).length).toBeLessThanOrEqual(1);
}

describe('the messages service killed with SIGKILL while messages are being sent', () => {
  it('loses no acknowledged message, sends none twice, and keeps message ids unique and increasing', async () => {
    let replacement: ServiceProcess | undefined;
    await sendThroughCrash(async () => {
      process.kill(runningPid('messages'), 'SIGKILL');
      replacement = await startInstance('messages', 'messages-replacement', systemInfo().ports.messages);
    });
    expect(replacement?.pid).toBeDefined();
  }, 120_000);
});

/** Commands and queries an instance answered so far, by its metrics (`type` given: that type only). */
async function handledBy(port: number, type?: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('zulip_command_duration_seconds_count{') && (type === undefined || line.includes(`type="${type}"`)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

describe('two messages instances, the one deciding sends killed with SIGKILL under load', () => {
  it('shares the commands between both, and the other takes over losing nothing', async () => {
    const { ports } = systemInfo();
    const secondPort = extraPort(12);
    const second = await startInstance('messages', 'messages-second', secondPort, { INSTANCE_ID: 'messages-second' });
    let killedMain = false;
    try {
      // Queries go by their caller's key: eight users' reach partitions of both instances.
      const before = [await handledBy(ports.messages), await handledBy(secondPort)];
      const users = await Promise.all(Array.from({ length: 8 }, () => createUser({ label: 'two-instances' })));
      await until(async () => {
        await Promise.all(users.map((user) => api('GET', '/users/me/subscriptions', { auth: user })));
        return (await handledBy(ports.messages)) > before[0]! && (await handledBy(secondPort)) > before[1]!;
      }, 30_000);

      let survivor = { port: 0, sendsAtKill: 0 };
      await sendThroughCrash(async () => {
        // The organization's sends share one key, so one instance decides them all: that one dies.
        killedMain = (await handledBy(secondPort, 'message.send')) === 0;
        process.kill(killedMain ? runningPid('messages') : second.pid!, 'SIGKILL');
        const port = killedMain ? secondPort : ports.messages;
        survivor = { port, sendsAtKill: await handledBy(port, 'message.send') };
      });
      // The sends after the kill were decided by the instance left.
      expect(await handledBy(survivor.port, 'message.send')).toBeGreaterThan(survivor.sendsAtKill);
    } finally {
      // The system's own port gets an instance again, for the tests after this one.
      if (killedMain) await startInstance('messages', 'messages-replacement-2', ports.messages);
      await second.stop();
    }
  }, 180_000);
});

async function sendMany(channelId: number, topic: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 10) {
    const n = Math.min(10, count - start);
    const sent = await Promise.all(
      Array.from({ length: n }, () =>
        api('POST', '/messages', { auth: owner(), params: { type: 'stream', to: String(channelId), topic, content: 'x' } }),
      ),
    );
    for (const res of sent) {
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      ids.push(res.body.id as number);
    }
  }
  return ids;
}

/** A batch command of a topic deletion as sent: its batch number and when it was sent. */
interface SentBatch {
  runId: string;
  batchNo: number;
  sentAt: number;
}

/**
 * Follows the messages service's commands topic from its end and keeps the topic deletion
 * batches sent for `channelId`: which batch numbers the worker sent, and when (the worker sets
 * each command's deadline to its sending time + 30 s).
 */
async function captureTopicBatches(channelId: number): Promise<{ sent: SentBatch[]; stop(): Promise<void> }> {
  const logger = createLogger('command-capture', 'warn');
  const kafka = createKafka('command-capture', StackEndpointsSchema.parse(process.env).KAFKA_BROKERS, logger);
  const topic = commandsTopic('messages');
  const admin = kafka.admin();
  await admin.connect();
  const ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [partitionKey(topic, p.partition), BigInt(p.high)]));
  await admin.disconnect();
  const sent: SentBatch[] = [];
  const follower = new TopicFollower(
    kafka,
    { name: 'command-capture', topics: [topic], startAt: (t, p) => ends.get(partitionKey(t, p)) },
    async (records) => {
      for (const record of records) {
        const command = JSON.parse(record.value.toString('utf8')) as {
          type: string;
          commandId: string;
          deadline: number;
          data: { channelId?: number };
        };
        if (command.type !== DELETE_TOPIC_BATCH || command.data.channelId !== channelId) continue;
        const [, runId, batchNo] = command.commandId.split(':');
        sent.push({ runId, batchNo: Number(batchNo), sentAt: command.deadline - 30_000 });
      }
    },
    logger,
  );
  await follower.start();
  return { sent, stop: () => follower.stop() };
}

describe('the messages service killed with SIGKILL while it deletes a topic', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('resumes the job in the restarted process from its recorded progress: every message of the topic deleted exactly once, nothing else', async () => {
    const channelId = await createChannel();
    const kept = (await sendMany(channelId, 'keep', 5)).sort((a, b) => a - b);
    const ids = await sendMany(channelId, 'crash', 750);
    const commands = await captureTopicBatches(channelId);
    const batches = (): EventEnvelope[] =>
      capture.events.filter(
        (e) => e.type === 'messages.deleted.v1' && (e.data.conversation as { channelId?: number }).channelId === channelId,
      );

    try {
      const first = await api('POST', `/streams/${channelId}/delete_topic`, { auth: owner(), params: { topic_name: 'crash' } });
      expect(first.body).toMatchObject({ result: 'success', complete: false });
      await until(() => batches().length >= 3, 90_000);
      process.kill(runningPid('messages'), 'SIGKILL');
      const killedAt = Date.now();
      const deletedAtKill = batches().length;
      await startInstance('messages', 'messages-topic-deletion-replacement', systemInfo().ports.messages);

      // The client repeats until complete; the restarted worker takes the stalled job over.
      await until(
        async () =>
          (await api('POST', `/streams/${channelId}/delete_topic`, { auth: owner(), params: { topic_name: 'crash' } })).body.complete ===
          true,
        120_000,
      );

      const deleted = batches().flatMap((e) => e.data.messageIds as number[]);
      expect(new Set(deleted).size).toBe(deleted.length);
      expect([...deleted].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      expect(batches().map((e) => (e.data.messageIds as number[]).length)).toEqual([100, 100, 100, 100, 100, 100, 100, 50]);
      // Killed mid-job: fewer than its 8 batches were out.
      expect(deletedAtKill).toBeLessThan(8);
      const left = await api('GET', '/messages', {
        auth: owner(),
        params: { anchor: 'oldest', num_after: 1000, narrow: [{ operator: 'channel', operand: channelId }] },
      });
      expect((left.body.messages as { id: number }[]).map((m) => m.id)).toEqual(kept);

      // One run, batches 0..9 (8 deletes nothing; the worker keeps one batch ahead, so 9 went out
      // too), and the restarted worker went on from the job's progress: it sent again at most the
      // two batches in flight at the kill (both events may have been out before the progress was
      // recorded), never the batches before them.
      await sleep(500);
      const sent = commands.sent;
      expect(new Set(sent.map((c) => c.runId)).size).toBe(1);
      expect([...new Set(sent.map((c) => c.batchNo))].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      const afterRestart = sent.filter((c) => c.sentAt > killedAt);
      expect(afterRestart.length).toBeGreaterThan(0);
      expect(Math.min(...afterRestart.map((c) => c.batchNo))).toBeGreaterThanOrEqual(deletedAtKill - 2);
      expect(sent.length).toBeLessThanOrEqual(10 + 2);
    } finally {
      await commands.stop();
    }
  }, 480_000);
});

describe('the messages service killed with SIGKILL while scheduled messages come due', () => {
  it('sends every scheduled message once after the restart, none twice and none lost', async () => {
    const channelId = await createChannel();
    const now = Math.floor(Date.now() / 1000);
    // Due one after another around the kill: some before it, some while no process runs, some after.
    const contents = Array.from({ length: 8 }, (_, i) => `scheduled-${i}`);
    for (const [i, content] of contents.entries()) {
      const res = await api('POST', '/scheduled_messages', {
        auth: owner(),
        params: { type: 'stream', to: channelId, topic: 'due', content, scheduled_delivery_timestamp: now + 2 + Math.floor(i / 2) },
      });
      expect(res.status).toBe(200);
    }
    await sleep(2500);
    process.kill(runningPid('messages'), 'SIGKILL');
    await startInstance('messages', 'messages-scheduled-replacement', systemInfo().ports.messages);

    const delivered = async (): Promise<string[]> => (await topicMessages(channelId, 'due', 100)).map((m) => m.content);
    await until(async () => (await delivered()).length >= contents.length, 90_000);
    await sleep(2000);
    expect([...(await delivered())].sort()).toEqual([...contents].sort());
    expect((await api('GET', '/scheduled_messages', { auth: owner() })).body.scheduled_messages).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ to: channelId })]),
    );
  }, 120_000);
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EventEnvelope } from '../../libs/contracts/src';
import { api, captureEvents, createChannel, owner, systemInfo, testDataDir, type EventCapture } from '../../libs/testing/src';
import { startInstance } from './extra-processes';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  for (const start = Date.now(); !(await condition()); await sleep(100)) if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The messages service now running: the system's own, or a replacement another crash test started. */
function messagesPid(): number {
  const extras = path.join(testDataDir(), 'extra-pids');
  let replacements: number[] = [];
  try {
    replacements = readdirSync(extras).filter((f) => readFileSync(path.join(extras, f), 'utf8') === 'messages').map(Number);
  } catch {
    replacements = [];
  }
  const pid = [systemInfo().pids.messages, ...replacements].find((p) => p > 0 && alive(p));
  if (!pid) throw new Error('no messages service process is running');
  return pid;
}

async function sendMany(channelId: number, topic: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 10) {
    const n = Math.min(10, count - start);
    const sent = await Promise.all(
      Array.from({ length: n }, () => api('POST', '/messages', { auth: owner(), params: { type: 'stream', to: String(channelId), topic, content: 'x' } })),
    );
    for (const res of sent) {
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      ids.push(res.body.id as number);
    }
  }
  return ids;
}

describe('the messages service killed with SIGKILL while it deletes a topic', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('resumes the job in the restarted process: every message of the topic deleted exactly once, nothing else', async () => {
    const channelId = await createChannel();
    const kept = (await sendMany(channelId, 'keep', 5)).sort((a, b) => a - b);
    const ids = await sendMany(channelId, 'crash', 350);
    const batches = (): EventEnvelope[] =>
      capture.events.filter((e) => e.type === 'messages.deleted.v1' && (e.data.conversation as { channelId?: number }).channelId === channelId);

    const first = await api('POST', `/streams/${channelId}/delete_topic`, { auth: owner(), params: { topic_name: 'crash' } });
    expect(first.body).toMatchObject({ result: 'success', complete: false });
    await until(() => batches().length >= 1);
    process.kill(messagesPid(), 'SIGKILL');
    const deletedAtKill = batches().length;
    await startInstance('messages', 'messages-topic-deletion-replacement', systemInfo().ports.messages);

    // The client repeats until complete; the restarted worker takes the stalled job over.
    await until(async () => (await api('POST', `/streams/${channelId}/delete_topic`, { auth: owner(), params: { topic_name: 'crash' } })).body.complete === true, 120_000);

    const deleted = batches().flatMap((e) => e.data.messageIds as number[]);
    expect(new Set(deleted).size).toBe(deleted.length);
    expect([...deleted].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    // Killed mid-job: fewer than its 4 batches (100, 100, 100, 50) were out.
    expect(deletedAtKill).toBeLessThan(4);
    const left = await api('GET', '/messages', { auth: owner(), params: { anchor: 'oldest', num_after: 1000, narrow: [{ operator: 'channel', operand: channelId }] } });
    expect((left.body.messages as { id: number }[]).map((m) => m.id)).toEqual(kept);
  }, 480_000);
});

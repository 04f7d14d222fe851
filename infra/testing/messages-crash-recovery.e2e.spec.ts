import { api, createChannel, owner, systemInfo, type ApiResponse } from '../../libs/testing/src';
import { startInstance } from './extra-processes';

interface Attempt {
  content: string;
  response?: ApiResponse;
}

/** Sends messages one after another until told to stop, recording every answer. */
async function sender(channelId: number, label: string, stop: () => boolean, attempts: Attempt[]): Promise<void> {
  for (let n = 0; !stop(); n++) {
    const attempt: Attempt = { content: `${label}-${n}` };
    attempts.push(attempt);
    attempt.response = await api('POST', '/messages', { auth: owner(), params: { type: 'stream', to: String(channelId), topic: 'crash', content: attempt.content } });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  for (const start = Date.now(); !condition(); await sleep(100)) if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
}

describe('the messages service killed with SIGKILL while messages are being sent', () => {
  it('loses no acknowledged message, sends none twice, and keeps message ids unique and increasing', async () => {
    const { pids, ports } = systemInfo();
    const channelId = await createChannel();
    const attempts: Attempt[] = [];
    let stopping = false;
    const senders = Array.from({ length: 4 }, (_, i) => sender(channelId, `s${i}`, () => stopping, attempts));

    const successes = (): number => attempts.filter((a) => a.response?.status === 200).length;
    await until(() => successes() >= 8);
    process.kill(pids.messages, 'SIGKILL');
    const beforeKill = successes();
    const replacement = await startInstance('messages', 'messages-replacement', ports.messages);
    await until(() => successes() >= beforeKill + 8);
    stopping = true;
    await Promise.all(senders);
    // One more after the restart: its id must be above every id given before.
    const last = await api('POST', '/messages', { auth: owner(), params: { type: 'stream', to: String(channelId), topic: 'crash', content: 'after' } });
    expect(last.status).toBe(200);

    const succeeded = attempts.filter((a) => a.response?.status === 200);
    const unknown = attempts.filter((a) => a.response?.status !== 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(16);
    for (const a of unknown) expect(a.response?.status).toBe(503);

    const ids = succeeded.map((a) => a.response!.body.id as number);
    expect(new Set(ids).size).toBe(ids.length);
    expect(last.body.id).toBeGreaterThan(Math.max(...ids));
    const topic = await api('GET', '/messages', { auth: owner(), params: { anchor: 'oldest', num_after: 5000, apply_markdown: false, narrow: [{ operator: 'channel', operand: channelId }, { operator: 'topic', operand: 'crash' }] } });
    const stored = topic.body.messages as { id: number; content: string }[];
    const storedIds = stored.map((m) => m.id);
    expect(storedIds).toEqual([...storedIds].sort((a, b) => a - b));
    expect(new Set(storedIds).size).toBe(storedIds.length);
    const byContent = new Map<string, number[]>();
    for (const m of stored) byContent.set(m.content, [...(byContent.get(m.content) ?? []), m.id]);
    for (const a of succeeded) expect(byContent.get(a.content)).toEqual([a.response!.body.id]);
    for (const a of unknown) expect((byContent.get(a.content) ?? []).length).toBeLessThanOrEqual(1);
    expect(replacement.pid).toBeDefined();
  }, 120_000);
});

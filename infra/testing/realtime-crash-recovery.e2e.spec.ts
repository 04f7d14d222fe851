import { api, createUser, systemInfo, TestEventQueue, type TestUser } from '../../libs/testing/src';
import type { ServiceProcess } from '../system/service-process';
import { extraPort, runningPid, startInstance } from './extra-processes';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The realtime service marks each domain-events record delivered in the Redis step that queues
 * its client events: killed, it loses nothing and repeats nothing, and a second instance beside
 * the first never queues an event twice.
 */
describe('the realtime service killed with SIGKILL', () => {
  let user: TestUser;
  const started: ServiceProcess[] = [];
  beforeAll(async () => {
    user = await createUser({ label: 'rt-crash' });
  });
  afterAll(async () => {
    for (const proc of started.slice(1)) await proc.stop();
  }, 60_000);

  const addDraft = async (content: string) => {
    const res = await api('POST', '/drafts', { auth: user, params: { drafts: [{ type: '', to: [], topic: '', content }] } });
    expect(res.status).toBe(200);
  };
  const contents = (queue: TestEventQueue) => queue.ofType('drafts').map((e) => (e.drafts as { content: string }[])[0]!.content);

  it('delivers what was appended while it was down once restarted, each event once', async () => {
    const queue = await TestEventQueue.register(user, { event_types: ['drafts'] });
    await addDraft('before');
    await queue.waitFor((e) => e.type === 'drafts');

    process.kill(runningPid('realtime'), 'SIGKILL');
    for (const content of ['down 1', 'down 2', 'down 3']) await addDraft(content);
    started.push(await startInstance('realtime', 'realtime-resumed', systemInfo().ports.realtime));

    await queue.waitFor((e) => e.type === 'drafts' && (e.drafts as { content: string }[])[0]!.content === 'down 3', 30_000);
    await sleep(500);
    await queue.drain();
    expect(contents(queue)).toEqual(['before', 'down 1', 'down 2', 'down 3']);
  }, 90_000);

  it('queues each event once with a second instance reading the same topics', async () => {
    started.push(await startInstance('realtime', 'realtime-second', extraPort(50), { INSTANCE_ID: 'rt-second' }));
    const queue = await TestEventQueue.register(user, { event_types: ['drafts'] });
    for (const content of ['two 1', 'two 2', 'two 3']) await addDraft(content);
    await queue.waitFor((e) => e.type === 'drafts' && (e.drafts as { content: string }[])[0]!.content === 'two 3');
    await sleep(500);
    await queue.drain();
    expect(contents(queue)).toEqual(['two 1', 'two 2', 'two 3']);
  }, 90_000);
});

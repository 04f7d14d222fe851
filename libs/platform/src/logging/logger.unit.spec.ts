import { setTimeout as sleep } from 'node:timers/promises';
import { withLogContext, noteLogUser } from './log-context';
import { createLogger } from './logger';

function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('test-service', 'info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('log lines written while a request is handled', () => {
  it('carry its correlation id, and the caller once authentication named them', async () => {
    const { logger, lines } = capturedLogger();
    await withLogContext({ correlationId: 'req-1' }, async () => {
      logger.info('before authentication');
      noteLogUser(42);
      await sleep(1);
      logger.info({ type: 'message.send' }, 'after a wait');
    });
    expect(lines).toEqual([
      expect.objectContaining({ service: 'test-service', correlationId: 'req-1', msg: 'before authentication' }),
      expect.objectContaining({ correlationId: 'req-1', userId: 42, type: 'message.send', msg: 'after a wait' }),
    ]);
    expect(lines[0]).not.toHaveProperty('userId');
  });

  it('keep concurrent requests apart', async () => {
    const { logger, lines } = capturedLogger();
    const handle = (id: string, waitMs: number) =>
      withLogContext({ correlationId: id }, async () => {
        await sleep(waitMs);
        logger.info({ handled: id }, 'done');
      });
    await Promise.all([handle('slow', 20), handle('fast', 1)]);
    expect(lines.map((l) => [l.handled, l.correlationId])).toEqual([
      ['fast', 'fast'],
      ['slow', 'slow'],
    ]);
  });

  it('outside any request carry no correlation id', () => {
    const { logger, lines } = capturedLogger();
    noteLogUser(7);
    logger.info('started');
    expect(lines[0]).not.toHaveProperty('correlationId');
    expect(lines[0]).not.toHaveProperty('userId');
  });
});

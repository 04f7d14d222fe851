import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { addPushTokens, api, createUser, eventually, systemInfo, testDataDir, uniqueFcmToken, type TestUser } from '../../libs/testing/src';

type LogLine = Record<string, unknown> & { service?: string; msg?: string; correlationId?: string };

const logDir = () => path.join(testDataDir(), 'logs');

/** Where each service log ends now: lines written after it are this test's to read. */
function logMarks(): Map<string, number> {
  return new Map(readdirSync(logDir()).map((f) => [f, statSync(path.join(logDir(), f)).size]));
}

/** The JSON lines every service (and any instance a crash test started) wrote since `marks`. */
function linesSince(marks: Map<string, number>): LogLine[] {
  return readdirSync(logDir()).flatMap((file) => {
    const at = marks.get(file) ?? 0;
    const fd = openSync(path.join(logDir(), file), 'r');
    try {
      const size = statSync(path.join(logDir(), file)).size;
      const buffer = Buffer.alloc(Math.max(0, size - at));
      readSync(fd, buffer, 0, buffer.length, at);
      return buffer
        .toString()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as LogLine);
    } finally {
      closeSync(fd);
    }
  });
}

/**
 * An operator follows one request across the services by its correlation id: the gateway's
 * request id, the caller's own X-Request-Id when a proxy in front set one.
 */
describe('the log lines of one request, followed across services', () => {
  let sender: TestUser;
  let recipient: TestUser;
  beforeAll(async () => {
    [sender, recipient] = await Promise.all([createUser({ label: 'logs-sender' }), createUser({ label: 'logs-recipient' })]);
    await addPushTokens(recipient, { fcm: uniqueFcmToken('logs') });
  });

  it('a direct message: the request line, the command, its fan-out to event queues and its push all carry the id', async () => {
    const marks = logMarks();
    const requestId = `logs-${randomBytes(6).toString('hex')}`;
    const res = await api('POST', '/messages', {
      auth: sender,
      headers: { 'x-request-id': requestId },
      params: { type: 'direct', to: JSON.stringify([recipient.userId]), content: 'Followed across services' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(requestId);

    // Each process writes its own log: they reach their files in no particular order.
    const expected = ['gateway/request', 'messages/command handled', 'realtime/event fanned out', 'push/push notification sent'];
    const followed = await eventually(async () => {
      const lines = linesSince(marks).filter((l) => l.correlationId === requestId);
      const seen = new Set(lines.map((l) => `${l.service}/${l.msg}`));
      return expected.every((e) => seen.has(e)) ? lines : undefined;
    }, 'the lines of the gateway, messages, realtime and push with the request id');
    const where = (service: string, msg: string) => followed.filter((l) => l.service === service && l.msg === msg);

    expect(where('gateway', 'request')).toEqual([
      expect.objectContaining({ method: 'POST', route: '/api/v1/messages', status: 200, userId: sender.userId, ms: expect.any(Number) }),
    ]);
    expect(where('messages', 'command handled')).toEqual([
      expect.objectContaining({ type: 'message.send', userId: sender.userId, ms: expect.any(Number) }),
    ]);
    expect(where('realtime', 'event fanned out').map((l) => l.type)).toContain('message.sent.v1');
    expect(where('push', 'push notification sent')).toEqual([
      expect.objectContaining({ recipientId: recipient.userId, messageId: res.body.id, devices: 1 }),
    ]);
  });

  it('a request without an id of its own gets one, on its answer and its log line', async () => {
    const marks = logMarks();
    const res = await api('GET', '/users/me', { auth: sender, headers: { 'x-request-id': 'not a token' } });
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    const lines = await eventually(async () => {
      const found = linesSince(marks).filter((l) => l.correlationId === id);
      return found.length >= 2 ? found : undefined;
    }, 'the request and query lines');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ service: 'gateway', msg: 'request', method: 'GET', route: '/api/v1/users/me', status: 200 }),
        expect.objectContaining({ service: 'users', msg: 'query handled', kind: 'query', userId: sender.userId }),
      ]),
    );
    const probe = await fetch(`${systemInfo().gatewayUrl}/health`, { headers: { 'x-request-id': 'probe-1' } });
    expect(probe.headers.get('x-request-id')).toBe('probe-1');
  });

  it('a refused request is logged with its status, and its command with the error code', async () => {
    const marks = logMarks();
    const requestId = `logs-refused-${randomBytes(6).toString('hex')}`;
    const res = await api('POST', '/messages', {
      auth: sender,
      headers: { 'x-request-id': requestId },
      params: { type: 'stream', to: 'no-such-channel-anywhere', topic: 't', content: 'x' },
    });
    expect(res.status).toBe(400);
    const lines = await eventually(async () => {
      const found = linesSince(marks).filter((l) => l.correlationId === requestId);
      return found.some((l) => l.service === 'gateway') && found.some((l) => l.service === 'messages') ? found : undefined;
    }, 'the refused request and its command');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ service: 'gateway', msg: 'request', status: 400 }),
        expect.objectContaining({ service: 'messages', msg: 'command handled', error: res.body.code }),
      ]),
    );
  });
});

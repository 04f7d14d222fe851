import type { IncomingMessage } from 'node:http';
import { requestIdOf } from './request-observer';

const withHeader = (value?: string | string[]) => ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as IncomingMessage;
const MADE = /^[0-9a-f]{12}-[0-9a-z]+$/;

describe('the id of a request (its correlation id)', () => {
  it("is the caller's X-Request-Id when that is a plain token", () => {
    expect(requestIdOf(withHeader('proxy-7f3a.12:ab@host'))).toBe('proxy-7f3a.12:ab@host');
    expect(requestIdOf(withHeader('x'.repeat(128)))).toBe('x'.repeat(128));
  });

  it('is a new one without one, or for one too long, empty, repeated or carrying other characters', () => {
    for (const given of [undefined, '', 'x'.repeat(129), 'two words', 'line\nbreak', '{"json":1}', ['a', 'b']])
      expect(requestIdOf(withHeader(given))).toMatch(MADE);
  });

  it('is never the same twice in a process, and differs between processes by a random prefix', () => {
    const made = Array.from({ length: 1000 }, () => requestIdOf(withHeader()));
    expect(new Set(made).size).toBe(1000);
    expect(new Set(made.map((id) => id.split('-')[0])).size).toBe(1);
  });
});

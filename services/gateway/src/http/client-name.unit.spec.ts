import { clientName } from './client-name';

const fromAgent = (userAgent: string | undefined) => clientName({ query: {}, body: {}, userAgent });

describe("a request's client name (Zulip's parse_client)", () => {
  it.each([
    ['ZulipMobile/27.1 (Android 10)', 'ZulipMobile'],
    ['ZulipElectron/5.9.3 Mozilla/5.0 (X11; Linux x86_64)', 'ZulipElectron'],
    ['ZulipPython/0.9.0 (Ubuntu; 22.04)', 'ZulipPython'],
    ['ZulipJS/2.1.0', 'ZulipJS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'Mozilla'],
    ['curl/8.5.0', 'curl'],
    ['node', 'node'],
    ['ZulipInvites', 'ZulipInvites'],
  ])('names the product of the User-Agent %j: %j', (userAgent, name) => {
    expect(fromAgent(userAgent)).toBe(name);
  });

  it('is Unspecified without a User-Agent, or with an empty one', () => {
    expect(fromAgent(undefined)).toBe('Unspecified');
    expect(fromAgent('')).toBe('Unspecified');
  });

  it('takes a client parameter before the User-Agent, the query string before the body', () => {
    expect(clientName({ query: {}, body: { client: 'website' }, userAgent: 'Mozilla/5.0' })).toBe('website');
    expect(clientName({ query: { client: 'fromQuery' }, body: { client: 'fromBody' }, userAgent: undefined })).toBe('fromQuery');
  });

  it("keeps at most 30 characters, what Zulip's client table holds", () => {
    expect(fromAgent(`${'x'.repeat(40)}/1.0`)).toBe('x'.repeat(30));
  });
});

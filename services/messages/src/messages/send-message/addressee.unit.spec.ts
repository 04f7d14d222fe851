import { buildAddressee } from './addressee';

describe("reading `to` as Zulip's extract_stream_indicator and extract_recipients do", () => {
  it('reads a channel name, a channel id, and a one-element JSON list', () => {
    expect(buildAddressee({ type: 'stream', to: 'Rome', topic: 't' })).toEqual({ kind: 'channel', channel: { name: 'Rome' }, topic: 't' });
    expect(buildAddressee({ type: 'channel', to: '12', subject: 't' })).toEqual({ kind: 'channel', channel: { id: 12 }, topic: 't' });
    expect(buildAddressee({ type: 'stream', to: '["Rome"]', topic: 't' })).toEqual({
      kind: 'channel',
      channel: { name: 'Rome' },
      topic: 't',
    });
    expect(() => buildAddressee({ type: 'stream', to: '["a","b"]', topic: 't' })).toThrow(
      expect.objectContaining({ msg: 'Expected exactly one channel' }),
    );
    expect(() => buildAddressee({ type: 'stream', to: 'Rome' })).toThrow(expect.objectContaining({ msg: 'Missing topic' }));
  });

  it('reads direct recipients as JSON ids, JSON emails or comma-separated emails', () => {
    expect(buildAddressee({ type: 'direct', to: '[3,4,3]' })).toEqual({ kind: 'direct', recipients: { userIds: [3, 4] } });
    expect(buildAddressee({ type: 'private', to: 'a@x.com, b@x.com' })).toEqual({
      kind: 'direct',
      recipients: { emails: ['a@x.com', 'b@x.com'] },
    });
    expect(() => buildAddressee({ type: 'direct', to: '[3,"a@x.com"]' })).toThrow(
      expect.objectContaining({ msg: 'Recipient lists may contain emails or user IDs, but not both.' }),
    );
    expect(() => buildAddressee({ type: 'direct', to: '[]' })).toThrow(expect.objectContaining({ msg: 'Message must have recipients' }));
    expect(() => buildAddressee({ type: 'direct', to: '5' })).toThrow(expect.objectContaining({ msg: 'Invalid data type for recipients' }));
  });
});

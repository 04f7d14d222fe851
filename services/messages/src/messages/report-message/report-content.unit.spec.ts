import { reportContent, MAX_REPORT_SNIPPET_LENGTH, type ReportInput } from './report-content';
import { directMessageUrl, messageLinkSyntax, unusedFence } from '../written-markdown';

const hamlet = { userId: 10, mention: '@_**King Hamlet|10**' };
const othello = { userId: 12, mention: '@_**Othello|12**' };
const iago = { userId: 11, mention: '@_**Iago|11**' };
const base: ReportInput = {
  reporter: hamlet,
  message: {
    messageId: 42,
    content: 'I squeeze toothpaste from the middle',
    timestamp: 1767225600,
    sender: othello,
    place: { kind: 'channel', channelId: 3, channelName: 'Denmark', topic: 'civilized discussions' },
  },
  reportType: 'harassment',
  description: 'this is crime against food',
  realmUrl: 'https://chat.example.com',
};

describe('message report text', () => {
  it("writes Zulip's report of a channel message", () => {
    expect(reportContent(base)).toBe(
      '@_**King Hamlet|10** reported a message sent by @_**Othello|12** at <time:2026-01-01T00:00:00+00:00>.\n' +
        '```quote\n**Harassment**. this is crime against food\n```\n\n' +
        '``` spoiler Original message at #**Denmark>civilized discussions@42**\nI squeeze toothpaste from the middle\n```\n',
    );
  });

  it('names the recipients of a direct message, with a link to it', () => {
    const dm = reportContent({ ...base, message: { ...base.message, place: { kind: 'direct', participants: [hamlet, othello] } } });
    expect(dm).toContain('@_**King Hamlet|10** reported a direct message sent by @_**Othello|12** at <time:');
    expect(dm).toContain('[Original message](https://chat.example.com/#narrow/dm/10,12/near/42)');
    const own = reportContent({
      ...base,
      message: { ...base.message, sender: hamlet, place: { kind: 'direct', participants: [hamlet, othello] } },
    });
    expect(own).toContain('reported a direct message sent by @_**King Hamlet|10** to @_**Othello|12** at');
    const group = reportContent({
      ...base,
      message: { ...base.message, place: { kind: 'direct', participants: [hamlet, iago, othello] } },
    });
    expect(group).toContain('sent by @_**Othello|12** to @_**Iago|11** and @_**King Hamlet|10** at');
  });

  it('cuts a long message and fences it with more backticks than it uses', () => {
    const long = reportContent({ ...base, message: { ...base.message, content: '````\n' + 'x'.repeat(MAX_REPORT_SNIPPET_LENGTH) } });
    expect(long).toContain('`````` spoiler'.slice(1));
    expect(long).toContain('\n[message truncated]\n`````\n');
    expect(unusedFence('no fences')).toBe('```');
    expect(unusedFence('text\n   ````js\n')).toBe('`````');
  });

  it('falls back to a Markdown link when a name would break the channel link syntax', () => {
    expect(messageLinkSyntax(3, 'a*b', 'x > y', 42)).toBe('[#a&#42;b > x &gt; y @ 💬](#narrow/channel/3-a*b/topic/x.20.3E.20y/near/42)');
    expect(directMessageUrl('https://chat.example.com/', [12, 10, 11], 7)).toBe(
      'https://chat.example.com/#narrow/dm/10,11,12-group/near/7',
    );
  });
});

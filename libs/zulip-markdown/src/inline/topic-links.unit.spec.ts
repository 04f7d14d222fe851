import { topicLinks } from './topic-links';

const tracker = { pattern: '#(?P<id>[0-9]{2,8})', urlTemplate: 'https://tracker.example.org/{id}' };
const project = { pattern: '(?P<project>[A-Z]+)-(?P<id>[0-9]+)', urlTemplate: 'https://issues.example.org/{project}/{id}' };

describe("Zulip's topic links", () => {
  it('finds every linkifier match and bare URL, in the order of the topic', () => {
    expect(topicLinks('fix #123 and ZUL-9, see example.com/x', { linkifiers: [tracker, project] })).toEqual([
      { url: 'https://tracker.example.org/123', text: '#123' },
      { url: 'https://issues.example.org/ZUL/9', text: 'ZUL-9' },
      { url: 'https://example.com/x', text: 'example.com/x' },
    ]);
  });

  it('lets an earlier linkifier win an overlap, and linkifiers win over URLs', () => {
    const whole = { pattern: 'ZUL-(?P<id>[0-9]+)', urlTemplate: 'https://first.example.org/{id}' };
    expect(topicLinks('ZUL-9', { linkifiers: [whole, project] })).toEqual([{ url: 'https://first.example.org/9', text: 'ZUL-9' }]);
    expect(topicLinks('https://x.org/#12', { linkifiers: [tracker] })).toEqual([{ url: 'https://x.org/#12', text: 'https://x.org/#12' }]);
  });

  it('has no links without linkifiers or URLs, and takes a pattern matching nothing', () => {
    expect(topicLinks('lunch plans', { linkifiers: [tracker] })).toEqual([]);
    expect(topicLinks('aaa', { linkifiers: [{ pattern: 'b*', urlTemplate: 'https://x/{y}' }] })).toEqual([]);
  });
});

import { flagsOf, mentionsIn, mentionsReader } from './index';
import { sentByHuman } from './sent-by-human';

const unread = { read: false, starred: false, collapsed: false, historical: false, alertWord: false };

describe('mentions in a rendered message', () => {
  it('are the non-silent user mentions, and the channel and topic wildcards', () => {
    const html = '<p><span class="user-mention" data-user-id="5">@Iago</span> <span class="user-mention silent" data-user-id="6">Hamlet</span> <span class="user-mention" data-user-id="5">@Iago</span></p>';
    expect(mentionsIn(html)).toEqual({ userIds: new Set([5]), channelWildcard: false, topicWildcard: false });
    const wildcards = '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span> <span class="topic-mention">@topic</span></p>';
    expect(mentionsIn(wildcards)).toMatchObject({ channelWildcard: true, topicWildcard: true });
    expect(mentionsIn('<p><span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>').channelWildcard).toBe(false);
  });

  it('concern a reader named, anyone for a channel wildcard, and a topic wildcard only the topic’s participants', () => {
    expect(mentionsReader(mentionsIn('<span class="user-mention" data-user-id="5">@I</span>'), 5)).toBe(true);
    expect(mentionsReader(mentionsIn('<span class="topic-mention">@topic</span>'), 5, [7])).toBe(false);
    expect(mentionsReader(mentionsIn('<span class="topic-mention">@topic</span>'), 7, [7])).toBe(true);
  });
});

describe('a reader’s flags', () => {
  it('come in Zulip’s order, wildcard_mentioned last for either wildcard', () => {
    const all = { read: true, starred: true, collapsed: true, historical: true, alertWord: true };
    const mentions = { userIds: new Set([5]), channelWildcard: true, topicWildcard: true };
    expect(flagsOf(all, mentions, 5, true)).toEqual([
      'read', 'starred', 'collapsed', 'mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'has_alert_word', 'historical', 'wildcard_mentioned',
    ]);
  });

  it('are none for an unread message that does not concern the reader', () => {
    expect(flagsOf(unread, mentionsIn('<p>hello</p>'), 5, false)).toEqual([]);
    expect(flagsOf(unread, mentionsIn('<span class="topic-mention">@topic</span>'), 5, false)).toEqual([]);
  });
});

describe('whether the sender has read their message', () => {
  it('is so from Zulip’s own apps and desktop apps, not from API clients', () => {
    for (const client of ['website', 'ZulipMobile', 'ZulipTerminal', 'ZulipElectron', 'Zulip desktop app']) expect(sentByHuman(client)).toBe(true);
    for (const client of ['ZulipPython', 'unspecified', 'zulip-js', 'Internal']) expect(sentByHuman(client)).toBe(false);
  });
});

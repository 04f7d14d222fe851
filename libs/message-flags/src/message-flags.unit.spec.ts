import { AlertWordIndex, alertedUserIds, containsAlertWord, flagsOf, mentionsIn, mentionsReader } from './index';
import { sentByHuman } from './sent-by-human';

const unread = { read: false, starred: false, collapsed: false, historical: false, alertWord: false };

describe('mentions in a rendered message', () => {
  it('are the non-silent user mentions, and the channel and topic wildcards', () => {
    const html =
      '<p><span class="user-mention" data-user-id="5">@Iago</span> <span class="user-mention silent" data-user-id="6">Hamlet</span> <span class="user-mention" data-user-id="5">@Iago</span></p>';
    expect(mentionsIn(html)).toEqual({ userIds: new Set([5]), channelWildcard: false, topicWildcard: false });
    const wildcards =
      '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span> <span class="topic-mention">@topic</span></p>';
    expect(mentionsIn(wildcards)).toMatchObject({ channelWildcard: true, topicWildcard: true });
    expect(
      mentionsIn('<p><span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>').channelWildcard,
    ).toBe(false);
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
      'read',
      'starred',
      'collapsed',
      'mentioned',
      'stream_wildcard_mentioned',
      'topic_wildcard_mentioned',
      'has_alert_word',
      'historical',
      'wildcard_mentioned',
    ]);
  });

  it('are none for an unread message that does not concern the reader', () => {
    expect(flagsOf(unread, mentionsIn('<p>hello</p>'), 5, false)).toEqual([]);
    expect(flagsOf(unread, mentionsIn('<span class="topic-mention">@topic</span>'), 5, false)).toEqual([]);
  });
});

describe('whether the sender has read their message', () => {
  it('is so from Zulip’s own apps and desktop apps, not from API clients', () => {
    for (const client of ['website', 'ZulipMobile', 'ZulipTerminal', 'ZulipElectron', 'Zulip desktop app'])
      expect(sentByHuman(client)).toBe(true);
    for (const client of ['ZulipPython', 'unspecified', 'zulip-js', 'Internal']) expect(sentByHuman(client)).toBe(false);
  });
});

describe('alert words in a message', () => {
  it('match whole words without case, beside the punctuation Zulip allows', () => {
    expect(containsAlertWord('The Deploy is done', 'deploy')).toBe(true);
    expect(containsAlertWord('(deploy), "deploy"; deploy!', 'deploy')).toBe(true);
    expect(containsAlertWord('redeploy deployment', 'deploy')).toBe(false);
    expect(containsAlertWord('deploy', 'deploy')).toBe(true);
    expect(containsAlertWord('x', '')).toBe(false);
  });

  it('match phrases, and words that begin or end with punctuation', () => {
    expect(containsAlertWord('is the build green?', 'build green')).toBe(true);
    expect(containsAlertWord('is the build  green?', 'build green')).toBe(false);
    expect(containsAlertWord('ping @oncall now', '@oncall')).toBe(true);
    expect(containsAlertWord('mail me@oncall now', '@oncall')).toBe(false);
    expect(containsAlertWord('ping (c++) now', 'c++')).toBe(true);
  });

  it('alert only the readers who set a matching word', () => {
    const index = new AlertWordIndex();
    index.set(1, ['lunch']);
    index.set(2, ['deploy']);
    index.set(3, ['LUNCH', 'coffee']);
    expect(alertedUserIds('Lunch?', index, [3, 1, 2, 4])).toEqual([1, 3]);
    expect(alertedUserIds('Lunch?', index, [2, 4])).toEqual([]);
  });

  it("forget a user's earlier words when their list changes, and the user when it empties", () => {
    const index = new AlertWordIndex();
    index.set(1, ['lunch']);
    index.set(2, ['lunch']);
    index.set(1, ['coffee']);
    expect(alertedUserIds('lunch and coffee', index, [1, 2])).toEqual([1, 2]);
    expect(alertedUserIds('lunch', index, [1, 2])).toEqual([2]);
    index.set(2, []);
    expect(index.size).toBe(1);
    expect(alertedUserIds('lunch', index, [1, 2])).toEqual([]);
  });

  it('match the largest message against many users with the most and longest words', () => {
    const index = new AlertWordIndex();
    const word = (user: number, n: number) => `${user}-${n}-`.padEnd(100, 'w');
    for (let user = 1; user <= 100; user++)
      index.set(
        user,
        Array.from({ length: 1000 }, (_, n) => word(user, n)),
      );
    const content = `${'( '.repeat(2400)} ${word(77, 999)} ${'. '.repeat(2400)}`.slice(0, 10_000);
    expect(
      alertedUserIds(
        content,
        index,
        Array.from({ length: 100 }, (_, i) => i + 1),
      ),
    ).toEqual([77]);
  });
});

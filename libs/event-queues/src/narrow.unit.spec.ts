import { eventNarrowError, messageTraits, narrowTokens } from './narrow';

describe('event queue narrows', () => {
  it('accepts the operators Zulip filters events on and refuses the others, and is:followed, as Zulip words it', () => {
    expect(
      eventNarrowError([
        ['channel', 'a'],
        ['stream', 'b'],
        ['topic', 'c'],
        ['sender', 'd'],
        ['is', 'dm'],
      ]),
    ).toBeNull();
    expect(eventNarrowError([['search', 'lunch']])).toBe('Operator search not supported.');
    expect(eventNarrowError([['is', 'followed']])).toBe('Operand followed not supported.');
  });

  it('turns terms into tokens without case, is operands into what flags or kind decide, and ignores is operands Zulip lets through', () => {
    expect(
      narrowTokens([
        ['stream', 'Denmark'],
        ['topic', 'Lunch'],
        ['sender', 'Ada@Example.com'],
        ['is', 'private'],
        ['is', 'alerted'],
        ['is', 'home'],
      ]),
    ).toEqual(['channel:denmark', 'topic:lunch', 'sender:ada@example.com', 'is:dm', 'is:mentioned']);
    expect(narrowTokens([['topic', 'a\nchannel:b']])).toEqual(['never']);
  });

  it('describes a message by what a narrow may ask of it for one reader', () => {
    expect(
      messageTraits({ channel: { name: 'Denmark', topic: '✔ Done' }, senderEmail: 'Ada@example.com', flags: ['mentioned', 'starred'] }),
    ).toEqual(['channel:denmark', 'topic:✔ done', 'is:resolved', 'sender:ada@example.com', 'is:starred', 'is:unread', 'is:mentioned']);
    expect(messageTraits({ senderEmail: 'ada@example.com', flags: ['read'] })).toEqual(['is:dm', 'sender:ada@example.com']);
  });
});

import { NO_ORGANIZATION } from './render-content';
import { mentionsTopicWildcard } from './wildcard-mentions';

describe('whether content mentions its topic (the topic participants are read only then)', () => {
  it.each([
    ['@**topic** lunch?', true],
    ['@_**topic** silently', false],
    ['`@**topic**` in code', false],
    ['@**all** and @**channel**', false],
    ['@**Topic** (case-sensitive, as in Zulip)', false],
    ['@**topic** \u0000', false],
    ['   ', false],
  ])('%j: %s', (content, expected) => {
    expect(mentionsTopicWildcard(content, NO_ORGANIZATION)).toBe(expected);
  });
});

import { isMeMessage, NO_ORGANIZATION, renderContent } from './render-content';

describe('message rendering', () => {
  it('renders Zulip Markdown, where an organization that knows no one has no user mentions but wildcards', () => {
    expect(renderContent('**bold**\nnext', NO_ORGANIZATION)).toBe('<p><strong>bold</strong><br>\nnext</p>');
    expect(renderContent('@**Ann|12** and @**all**', NO_ORGANIZATION)).toBe(
      '<p>@<strong>Ann|12</strong> and <span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span></p>',
    );
  });

  it('tells /me messages', () => {
    expect(isMeMessage('/me waves')).toBe(true);
    expect(isMeMessage('/me waves\ntwice')).toBe(false);
  });
});

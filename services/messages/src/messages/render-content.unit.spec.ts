import { isMeMessage, renderContent } from './render-content';

describe('message rendering', () => {
  it('renders Markdown with line breaks and links, and escapes raw HTML', () => {
    expect(renderContent('**bold**\nnext')).toBe('<p><strong>bold</strong><br>\nnext</p>');
    expect(renderContent('<script>x</script>')).toBe('<p>&lt;script&gt;x&lt;/script&gt;</p>');
    expect(renderContent('see https://zulip.com')).toBe('<p>see <a href="https://zulip.com">https://zulip.com</a></p>');
  });

  it("renders Zulip's user mentions, silent or not", () => {
    expect(renderContent('@_**Ann <A>|12** joined')).toBe('<p><span class="user-mention silent" data-user-id="12">Ann &lt;A&gt;</span> joined</p>');
    expect(renderContent('hi @**Bo|3**')).toBe('<p>hi <span class="user-mention" data-user-id="3">@Bo</span></p>');
  });

  it("renders Zulip's wildcard mentions as Zulip marks them up, silent or not, and not inside code", () => {
    expect(renderContent('@**all** @**everyone** @**channel** @**stream**')).toBe(
      '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span> <span class="user-mention channel-wildcard-mention" data-user-id="*">@everyone</span> ' +
        '<span class="user-mention channel-wildcard-mention" data-user-id="*">@channel</span> <span class="user-mention channel-wildcard-mention" data-user-id="*">@stream</span></p>',
    );
    expect(renderContent('@**topic** and @_**all**')).toBe('<p><span class="topic-mention">@topic</span> and <span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>');
    expect(renderContent('`@**all**` and @**All**')).toBe('<p><code>@**all**</code> and @<strong>All</strong></p>');
  });

  it('tells /me messages', () => {
    expect(isMeMessage('/me waves')).toBe(true);
    expect(isMeMessage('/me waves\ntwice')).toBe(false);
  });
});

import { pushContent } from './push-content';

describe('a message as a push shows it', () => {
  it('is its text without tags, entities decoded, paragraphs and line breaks as new lines', () => {
    const html =
      '<p>Hi <span class="user-mention" data-user-id="5">@Iago</span> &amp; <a href="https://x.test">link</a><br>\nnext</p>\n<p>a &lt;b&gt; &quot;c&quot; &#39;d&#39;</p>';
    expect(pushContent(html)).toEqual({ content: 'Hi @Iago & link\n\nnext\na <b> "c" \'d\'', truncated: false });
  });

  it('is cut at 200 characters, ending in an ellipsis, as Zulip cuts it', () => {
    const long = pushContent(`<p>${'x'.repeat(250)}</p>`);
    expect(long).toEqual({ content: `${'x'.repeat(197)}...`, truncated: true });
    expect(pushContent(`<p>${'y'.repeat(200)}</p>`)).toEqual({ content: 'y'.repeat(200), truncated: false });
  });
});

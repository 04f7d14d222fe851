import { htmlDiff } from './html-diff';

describe('content_html_diff', () => {
  it('marks added words inserted and lost words deleted, inside the newer markup', () => {
    expect(htmlDiff('<p>Hello world</p>', '<p>Hello brave world</p>')).toBe(
      '<div><p>Hello <span class="highlight_text_inserted">brave </span>world</p></div>',
    );
    expect(htmlDiff('<p>Hello brave world</p>', '<p>Hello world</p>')).toBe(
      '<div><p>Hello <span class="highlight_text_deleted">brave</span> world</p></div>',
    );
  });

  it('shows a replaced message as deleted then inserted, as Zulip documents it', () => {
    expect(htmlDiff('<p>Hello!</p>', '<p>Howdy!</p>')).toBe(
      '<div><p><span class="highlight_text_deleted">Hello!</span> <span class="highlight_text_inserted">Howdy!</span></p></div>',
    );
  });

  it('keeps the result well-formed when markup changes: an insertion never spans a tag', () => {
    const diff = htmlDiff('<p>one</p>', '<p>one <strong>two</strong> three</p>');
    expect(diff).toBe(
      '<div><p>one <strong><span class="highlight_text_inserted">two</span></strong> <span class="highlight_text_inserted">three</span></p></div>',
    );
  });

  it('puts back words lost at the end', () => {
    expect(htmlDiff('<p>a b c</p>', '<p>a</p>')).toBe('<div><p>a</p><span class="highlight_text_deleted">b c</span></div>');
  });

  it('answers at once for the largest messages, showing an entirely different middle replaced whole', () => {
    const words = (prefix: string) => Array.from({ length: 5000 }, (_, i) => `${prefix}${i}`).join(' ');
    const started = Date.now();
    const diff = htmlDiff(`<p>same ${words('x')} end</p>`, `<p>same ${words('y')} end</p>`);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(diff.startsWith('<div><p>same <span class="highlight_text_deleted">x0 x1')).toBe(true);
    expect(diff).toContain('<span class="highlight_text_inserted">y0 ');
    expect(diff.endsWith('end</p></div>')).toBe(true);
  });
});

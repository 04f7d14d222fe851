import { renderTex } from './tex';

describe('TeX through KaTeX', () => {
  it('renders inline math with MathML and HTML, keeping the source as an annotation', () => {
    const html = renderTex("x' < 1", false);
    expect(html).toMatch(/^<span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML">/);
    expect(html).toContain('<annotation encoding="application/x-tex">x&#x27; &lt; 1</annotation>');
    expect(html).toContain('<span class="katex-html" aria-hidden="true">');
  });

  it('renders display math as a block', () => {
    const html = renderTex('a^2 = b^2 + c^2', true);
    expect(html).toMatch(/^<span class="katex-display"><span class="katex"><span class="katex-mathml"><math [^>]*display="block">/);
  });

  it('gives null for TeX that does not parse', () => {
    expect(renderTex('\\error{x}', true)).toBeNull();
    expect(renderTex('\\frac{1}{', false)).toBeNull();
  });

  it('gives null for a macro that expands forever instead of hanging', () => {
    expect(renderTex('\\def\\x{\\x\\x}\\x', false)).toBeNull();
  });

  it('gives null rather than throwing on nesting deep enough to exhaust the stack', () => {
    const deep = '{'.repeat(200_000) + 'x' + '}'.repeat(200_000);
    expect(renderTex(deep, false)).toBeNull();
  });

  it('renders commands it does not trust as text instead of failing, as Zulip does', () => {
    expect(renderTex('\\href{https://example.com}{x}', false)).toContain('<mtext>\\href</mtext>');
  });
});

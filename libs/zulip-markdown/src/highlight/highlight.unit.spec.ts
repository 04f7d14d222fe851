import { compiledStates } from './compiled-states';
import { highlightTokens } from './highlight';
import { lexerTable, pygments } from './table-loader';

const python =
  '<span class="k">def</span><span class="w"> </span><span class="nf">f</span><span class="p">():</span> <span class="k">pass</span>\n';

describe('highlightTokens', () => {
  it("resolves a language the way Pygments' get_lexer_by_name does: any alias, any case", () => {
    expect(highlightTokens('def f(): pass\n', 'python')).toBe(python);
    expect(highlightTokens('def f(): pass\n', 'PY')).toBe(python);
    expect(highlightTokens('def f(): pass\n', 'sage')).toBe(python);
  });

  it('gives up (null) without a language, for a language Pygments does not know, and for lexers not ported', () => {
    expect(highlightTokens('x\n', null)).toBeNull();
    expect(highlightTokens('x\n', '')).toBeNull();
    expect(highlightTokens('x\n', 'no-such-language')).toBeNull();
    expect(highlightTokens('local x = 1\n', 'lua')).toBeNull();
    expect(highlightTokens('x\n', 'constructor')).toBeNull();
  });

  it('lexes PHP as if inside <?php, as Zulip asks for fenced code, but not when told otherwise', () => {
    expect(highlightTokens('echo 1;\n', 'php')).toBe('<span class="k">echo</span> <span class="mi">1</span><span class="p">;</span>\n');
    expect(highlightTokens('echo 1;\n', 'php', { startinline: false })).toBe('<span class="x">echo 1;</span>\n');
  });

  it('gives up when its time budget is spent', () => {
    const text = 'x = [1, 2, 3]\n'.repeat(500);
    expect(highlightTokens(text, 'python', { budgetMs: 0 })).toBeNull();
    expect(highlightTokens(text, 'python')).not.toBeNull();
  });

  it.each([
    ['javascript', `"${'a\\"'.repeat(3333)}`],
    ['typescript', '1.'.repeat(5000)],
    ['go', `"${'\\"'.repeat(4999)}`],
    ['ruby', `<<A${' <<B'.repeat(2499)}\n`],
    ['yaml', `${'- '.repeat(2500)}x: |\n${' '.repeat(5000)}`],
  ])('finishes a 10,000-character pathological %s block within its budget', (language, code) => {
    const started = performance.now();
    const html = highlightTokens(`${code}\n`, language);
    expect(performance.now() - started).toBeLessThan(2000);
    if (html !== null) expect(html.replace(/<[^>]*>/g, '').length).toBeGreaterThanOrEqual(code.length);
  });
});

describe('the exported Pygments tables', () => {
  const classes = [...new Set(Object.values(pygments().aliases))];

  it.each(classes)('load for %s, every regex compiling to a JavaScript RegExp', (className) => {
    const table = lexerTable(className);
    expect(table.regexes?.every(([source]) => source !== null) ?? true).toBe(true);
    expect(() => compiledStates(className)).not.toThrow();
  });

  it('are parsed and compiled once per lexer class', () => {
    expect(lexerTable('PythonLexer')).toBe(lexerTable('PythonLexer'));
    expect(compiledStates('PythonLexer')).toBe(compiledStates('PythonLexer'));
  });

  it("carry Pygments' licence", () => {
    expect(pygments().licence).toContain('Copyright (c) 2006-2022 by the respective authors (see AUTHORS file).');
  });
});

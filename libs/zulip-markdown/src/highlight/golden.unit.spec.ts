import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeBlockHtml, indentedCodeBlockHtml } from '../preprocess/fenced-blocks';

/**
 * Blocks and the HTML Zulip's pipeline makes of them (Pygments 2.19.2, Python-Markdown's CodeHilite as Zulip sets it
 * up, Zulip's lxml step), regenerated with tools/pygments/golden.py: every shipped language, aliases, headers.
 */
interface Golden {
  pygments: string;
  fenced: { language: string | null; code: string; html: string }[];
  indented: { code: string; html: string }[];
}

const golden = JSON.parse(readFileSync(join(__dirname, 'testdata', 'golden.json'), 'utf8')) as Golden;

describe("code blocks highlighted byte for byte as Zulip's Pygments does", () => {
  it('holds expectations of the Pygments version the tables were exported from', () => {
    expect(golden.pygments).toBe('2.19.2');
  });

  it.each(golden.fenced.map((block, i) => [`${block.language ?? 'no language'} #${i}`, block] as const))(
    'renders the fenced block %s',
    (_name, block) => {
      expect(codeBlockHtml(block.code, block.language)).toBe(block.html);
    },
  );

  it.each(golden.indented.map((block, i) => [`#${i}`, block] as const))('renders the indented block %s', (_name, block) => {
    expect(indentedCodeBlockHtml(block.code)).toBe(block.html);
  });
});

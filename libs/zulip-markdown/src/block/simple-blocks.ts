import { AtomicString, El, textOf } from '../tree/element';
import { escapeCode } from '../tree/escape-code';
import { detab, looseDetab, pyStrip, type BlockParser, type BlockProcessor } from './block-parser';

const isCodeBlock = (el: El | undefined): el is El => el !== undefined && el.tag === 'pre' && el.children[0]?.tag === 'code';

/** Python-Markdown's EmptyBlockProcessor: blank lines, kept inside an indented code block. */
export const emptyBlock = (): BlockProcessor => ({
  test: (_parent, block) => block === '' || block.startsWith('\n'),
  run(parent, blocks) {
    const block = blocks.shift()!;
    let filler = '\n\n';
    if (block !== '') {
      filler = '\n';
      const rest = block.slice(1);
      if (rest !== '') blocks.unshift(rest);
    }
    const sibling = parent.last;
    if (isCodeBlock(sibling)) {
      const code = sibling.children[0]!;
      code.text = new AtomicString(`${textOf(code.text)}${filler}`);
    }
  },
});

/** Python-Markdown's CodeBlockProcessor: four spaces of indent make code, joined with the code block before. */
export const indentedCode = (): BlockProcessor => ({
  test: (_parent, block) => block.startsWith('    '),
  run(parent, blocks) {
    const sibling = parent.last;
    const [code, rest] = detab(blocks.shift()!, 4);
    const escaped = escapeCode(code.trimEnd());
    if (isCodeBlock(sibling)) {
      const existing = sibling.children[0]!;
      existing.text = new AtomicString(`${textOf(existing.text)}\n${escaped}\n`);
    } else {
      parent.sub('pre').sub('code').text = new AtomicString(`${escaped}\n`);
    }
    if (rest !== '') blocks.unshift(rest);
  },
});

/** Zulip's HashHeaderProcessor: Python-Markdown's, but a space after the `#`s is required. */
export function hashHeader(parser: BlockParser): BlockProcessor {
  const HEADER = /(?:^|\n)(#{1,6})\s((?:\\.|[^\\])*?)#*(?:\n|$)/u;
  return {
    test: (_parent, block) => HEADER.test(block),
    run(parent, blocks) {
      const block = blocks.shift()!;
      const m = HEADER.exec(block)!;
      const before = block.slice(0, m.index);
      let after = block.slice(m.index + m[0].length);
      if (before !== '') parser.parseBlocks(parent, [before]);
      parent.sub(`h${m[1]!.length}`).text = pyStrip(m[2]!);
      if (after !== '') {
        if (parser.isState('looselist')) after = looseDetab(after, 4);
        blocks.unshift(after);
      }
    },
  };
}

/** Python-Markdown's HRProcessor: a line of three or more `-`, `_` or `*`. */
export function horizontalRule(parser: BlockParser): BlockProcessor {
  // The lookahead and back reference make the group atomic, as Python-Markdown's does.
  const RULE = /^[ ]{0,3}(?=(?<rule>(?:-+[ ]{0,2}){3,}|(?:_+[ ]{0,2}){3,}|(?:\*+[ ]{0,2}){3,}))\k<rule>[ ]*$/mu;
  return {
    test: (_parent, block) => RULE.test(block),
    run(parent, blocks) {
      const block = blocks.shift()!;
      const m = RULE.exec(block)!;
      const before = block.slice(0, m.index).replace(/\n+$/, '');
      if (before !== '') parser.parseBlocks(parent, [before]);
      parent.sub('hr');
      const after = block.slice(m.index + m[0].length).replace(/^\n+/, '');
      if (after !== '') blocks.unshift(after);
    },
  };
}

/** Python-Markdown's ParagraphProcessor: a `<p>`, or more text of a tight list item. */
export function paragraph(parser: BlockParser): BlockProcessor {
  return {
    test: () => true,
    run(parent, blocks) {
      const block = blocks.shift()!;
      if (pyStrip(block) === '') return;
      if (!parser.isState('list')) {
        parent.sub('p').text = block.replace(/^\s+/u, '');
        return;
      }
      const sibling = parent.last;
      if (sibling) sibling.tail = sibling.tail !== null ? `${textOf(sibling.tail)}\n${block}` : `\n${block}`;
      else
        parent.text = parent.text !== null && textOf(parent.text) !== '' ? `${textOf(parent.text)}\n${block}` : block.replace(/^\s+/u, '');
    },
  };
}

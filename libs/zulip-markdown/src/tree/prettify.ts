import { AtomicString, El, textOf } from './element';
import { BLOCK_LEVEL } from './block-level';

const blank = (text: El['text']): boolean => text === null || textOf(text).trim() === '';

/** Python-Markdown's PrettifyTreeprocessor: block elements on lines of their own, a newline after each `<br>`. */
export function prettify(root: El): void {
  prettifyElement(root);
  for (const br of root.iter('br')) br.tail = blank(br.tail) ? '\n' : `\n${textOf(br.tail)}`;
  for (const pre of root.iter('pre')) {
    const code = pre.children[0];
    if (code?.tag === 'code' && code.children.length === 0 && code.text !== null)
      code.text = new AtomicString(`${textOf(code.text).trimEnd()}\n`);
  }
}

function prettifyElement(el: El): void {
  if (BLOCK_LEVEL.has(el.tag) && el.tag !== 'code' && el.tag !== 'pre') {
    if (blank(el.text) && el.children.length > 0 && BLOCK_LEVEL.has(el.children[0]!.tag)) el.text = '\n';
    for (const child of el.children) if (BLOCK_LEVEL.has(child.tag)) prettifyElement(child);
  }
  if (blank(el.tail)) el.tail = '\n';
}

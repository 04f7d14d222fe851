import { El, textOf } from '../tree/element';
import { looseDetab, type BlockParser, type BlockProcessor } from './block-parser';

/** Zulip's lists indent by two spaces (Python-Markdown's sane lists, built with a tab length of 2). */
const TAB = 2;
const ITEM_TYPES = ['li'];
const LIST_TYPES = ['ul', 'ol'];

interface ListKind {
  tag: 'ol' | 'ul';
  /** A block starting with an item of this kind. */
  start: RegExp;
  /** An item line of this kind inside the block. */
  child: RegExp;
}

const ORDERED: ListKind = { tag: 'ol', start: /^[ ]{0,1}\d+\.[ ]+(.*)/u, child: /^[ ]{0,1}((\d+\.))[ ]+(.*)/u };
const UNORDERED: ListKind = { tag: 'ul', start: /^[ ]{0,1}[*+-][ ]+(.*)/u, child: /^[ ]{0,1}(([*+-]))[ ]+(.*)/u };
/** An item nested by indentation. */
const INDENTED_ITEM = /^[ ]{2,3}((\d+\.)|[*+-])[ ]+.*/u;

/** Python-Markdown's SaneOListProcessor / SaneUListProcessor (Zulip's OListProcessor, UListProcessor). */
function listProcessor(parser: BlockParser, kind: ListKind): BlockProcessor {
  return {
    test: (_parent, block) => kind.start.test(block) && !parser.nearingLimit,
    run(parent, blocks) {
      const { items, startsWith } = listItems(kind, blocks.shift()!);
      const sibling = parent.last;
      let list: El;
      if (sibling && sibling.tag === kind.tag) {
        // A list resumed after a blank line: its items become paragraphs (a loose list).
        list = sibling;
        const lastItem = list.last!;
        if (lastItem.text !== null && textOf(lastItem.text) !== '') {
          const p = El.of('p', {}, lastItem.text);
          lastItem.text = '';
          lastItem.insert(0, p);
        }
        const lastChild = lastItem.last;
        if (lastChild && lastChild.tail !== null && textOf(lastChild.tail) !== '') {
          lastItem.sub('p').text = textOf(lastChild.tail).replace(/^\s+/u, '');
          lastChild.tail = '';
        }
        const li = list.sub('li');
        parser.state.push('looselist');
        parser.parseBlocks(li, [items.shift()!]);
        parser.state.pop();
      } else if (LIST_TYPES.includes(parent.tag)) {
        list = parent;
      } else {
        list = parent.sub(kind.tag);
        if (kind.tag === 'ol' && startsWith !== '1') list.attrs.set('start', startsWith);
      }
      parser.state.push('list');
      for (const item of items) {
        if (item.startsWith(' '.repeat(TAB))) parser.parseBlocks(list.last!, [item]);
        else parser.parseBlocks(list.sub('li'), [item]);
      }
      parser.state.pop();
    },
  };
}

function listItems(kind: ListKind, block: string): { items: string[]; startsWith: string } {
  const items: string[] = [];
  let startsWith = '1';
  for (const line of block.split('\n')) {
    const m = kind.child.exec(line);
    if (m) {
      if (items.length === 0 && kind.tag === 'ol') startsWith = /\d+/.exec(m[1]!)![0];
      items.push(m[3]!);
    } else if (INDENTED_ITEM.test(line)) {
      if (items.at(-1)!.startsWith(' '.repeat(TAB))) items[items.length - 1] = `${items.at(-1)}\n${line}`;
      else items.push(line);
    } else {
      items[items.length - 1] = `${items.at(-1)}\n${line}`;
    }
  }
  return { items, startsWith };
}

export const orderedList = (parser: BlockParser): BlockProcessor => listProcessor(parser, ORDERED);
export const unorderedList = (parser: BlockParser): BlockProcessor => listProcessor(parser, UNORDERED);

/** Python-Markdown's ListIndentProcessor (two spaces): indented blocks continue the list item above. */
export function listIndent(parser: BlockParser): BlockProcessor {
  const INDENT = /^(([ ]{2})+)/u;
  const level = (parent: El, block: string): [number, El] => {
    const m = INDENT.exec(block);
    const indentLevel = m ? m[1]!.length / TAB : 0;
    let at = parser.isState('list') ? 1 : 0;
    let current = parent;
    while (indentLevel > at) {
      const child = current.last;
      if (!child || !(LIST_TYPES.includes(child.tag) || ITEM_TYPES.includes(child.tag))) break;
      if (LIST_TYPES.includes(child.tag)) at++;
      current = child;
    }
    return [at, current];
  };
  return {
    test: (parent, block) =>
      block.startsWith(' '.repeat(TAB)) &&
      !parser.isState('detabbed') &&
      !parser.nearingLimit &&
      (ITEM_TYPES.includes(parent.tag) || (parent.last !== undefined && LIST_TYPES.includes(parent.last.tag))),
    run(parent, blocks) {
      let block = blocks.shift()!;
      const [at, sibling] = level(parent, block);
      block = looseDetab(block, TAB, at);
      parser.state.push('detabbed');
      if (ITEM_TYPES.includes(parent.tag)) {
        const last = parent.last;
        parser.parseBlocks(last && LIST_TYPES.includes(last.tag) ? last : parent, [block]);
      } else if (ITEM_TYPES.includes(sibling.tag)) {
        parser.parseBlocks(sibling, [block]);
      } else if (sibling.last && ITEM_TYPES.includes(sibling.last.tag)) {
        const item = sibling.last;
        if (item.text !== null && textOf(item.text) !== '') {
          const p = El.of('p', {}, item.text);
          item.text = '';
          item.insert(0, p);
        }
        parser.parseChunk(item, block);
      } else {
        parser.parseBlocks(sibling.sub('li'), [block]);
      }
      parser.state.pop();
    },
  };
}

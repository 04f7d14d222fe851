import { AtomicString, El, isAtomic, textOf, type Text } from '../tree/element';

/**
 * What a pattern makes of a match: an element, a string kept as it is (no later pattern sees
 * it), or null (Python-Markdown's None: nothing more of this pattern in this text).
 */
export type InlineNode = El | string | null;

/**
 * Python-Markdown's two kinds of inline patterns. A search pattern (InlineProcessor) scans from
 * a position and may reject a match, so the next one is tried. A whole-text pattern (the older
 * Pattern) is matched against all the remaining text, `^(prefix)PATTERN(suffix)$`, so its
 * leftmost match wins.
 */
export type InlinePattern =
  | { kind: 'search'; regex: RegExp; handle(m: RegExpExecArray, data: string): { node: InlineNode; start: number; end: number } | null }
  | { kind: 'whole'; regex: RegExp; handle(m: RegExpExecArray): InlineNode };

const PLACEHOLDER_PREFIX = '\u0002klzzwxh:';
const PLACEHOLDER = /\u0002klzzwxh:([0-9]+)\u0003/gu;

/**
 * Python-Markdown's InlineProcessor: every text of the tree goes through the patterns in
 * priority order; each match becomes a placeholder in the text (so later patterns cannot see
 * into it), and the placeholders become the elements at the end. The text of an element a
 * pattern made goes only through the patterns after that one.
 */
export class InlineEngine {
  private stashed: InlineNode[] = [];

  constructor(private readonly patterns: readonly InlinePattern[]) {}

  run(root: El): void {
    this.stashed = [];
    const queue: El[] = [root];
    // An index, not shift(): a table of many cells makes the queue long.
    for (let next = 0; next < queue.length; next++) {
      const current = queue[next]!;
      const inserts: [El, El[]][] = [];
      for (let index = 0; index < current.children.length; index++) {
        const child = current.children[index]!;
        if (child.text !== null && textOf(child.text) !== '' && !isAtomic(child.text)) {
          const text = textOf(child.text);
          child.text = null;
          const made = this.processPlaceholders(this.handleInline(text), child, true);
          queue.push(...made);
          inserts.push([child, made]);
        }
        if (child.tail !== null && textOf(child.tail) !== '') {
          const tail = this.handleInline(child.tail);
          const holder = new El('d');
          child.tail = null;
          const made = this.processPlaceholders(tail, holder, false);
          if (holder.tail !== null) child.tail = holder.tail;
          current.children.splice(index + 1, 0, ...made);
        }
        if (child.children.length > 0) queue.push(child);
      }
      for (const [element, made] of inserts) element.children.splice(0, 0, ...made);
    }
  }

  private handleInline(data: Text, from = 0): Text {
    if (isAtomic(data)) return data;
    let text = data;
    let patternIndex = from;
    let startIndex = 0;
    while (patternIndex < this.patterns.length) {
      const applied = this.applyPattern(this.patterns[patternIndex]!, text, patternIndex, startIndex);
      text = applied.data;
      startIndex = applied.startIndex;
      if (!applied.matched) patternIndex++;
    }
    return text;
  }

  private applyPattern(
    pattern: InlinePattern,
    data: string,
    patternIndex: number,
    startIndex: number,
  ): { data: string; matched: boolean; startIndex: number } {
    let node: InlineNode;
    let before: string;
    let after: string;
    if (pattern.kind === 'search') {
      const regex = pattern.regex;
      regex.lastIndex = startIndex;
      let found: { node: InlineNode; start: number; end: number } | null = null;
      for (let m = regex.exec(data); m !== null; m = regex.exec(data)) {
        found = pattern.handle(m, data);
        if (found) break;
        if (m[0].length === 0) regex.lastIndex++;
      }
      if (!found) return { data, matched: false, startIndex: 0 };
      if (found.node === null) return { data, matched: true, startIndex: found.end };
      node = found.node;
      before = data.slice(0, found.start);
      after = data.slice(found.end);
    } else {
      const m = pattern.regex.exec(data.slice(startIndex));
      if (!m) return { data, matched: false, startIndex: 0 };
      const made = pattern.handle(m);
      // Python-Markdown's offset into the remaining text, used as an offset into the whole: kept as it is.
      if (made === null) return { data, matched: true, startIndex: m[0].length };
      node = made;
      before = data.slice(0, startIndex) + (m[1] ?? '');
      after = m[m.length - 1] ?? '';
    }
    if (node instanceof El && !isAtomic(node.text)) {
      for (const child of [node, ...node.children]) {
        if (child.text !== null && !isAtomic(child.text)) child.text = this.handleInline(child.text, patternIndex + 1);
        if (child.tail !== null && !isAtomic(child.tail)) child.tail = this.handleInline(child.tail, patternIndex);
      }
    }
    return { data: `${before}${this.stash(node)}${after}`, matched: true, startIndex: 0 };
  }

  private stash(node: InlineNode): string {
    this.stashed.push(node);
    return `${PLACEHOLDER_PREFIX}${String(this.stashed.length - 1).padStart(4, '0')}\u0003`;
  }

  /** The elements a text with placeholders stands for; its plain text goes to `parent`. */
  private processPlaceholders(data: Text, parent: El, isText: boolean): El[] {
    const result: El[] = [];
    const atomic = isAtomic(data);
    const link = (text: string, keepAtomic = false): void => {
      if (text === '') return;
      const add = (existing: Text | null): Text =>
        existing !== null && textOf(existing) !== '' ? textOf(existing) + text : keepAtomic ? new AtomicString(text) : text;
      if (result.length > 0) result[result.length - 1]!.tail = add(result.at(-1)!.tail);
      else if (!isText) parent.tail = add(parent.tail);
      else parent.text = add(parent.text);
    };
    const text = textOf(data);
    let from = 0;
    // matchAll scans a copy of the pattern: nested calls for the elements found scan their own.
    for (const m of text.matchAll(PLACEHOLDER)) {
      const id = Number(m[1]);
      const node = this.stashed[id];
      link(text.slice(from, m.index));
      from = m.index + m[0].length;
      if (node === undefined || node === null) {
        link(m[0]);
        continue;
      }
      if (typeof node === 'string') {
        link(node);
        continue;
      }
      for (const child of [node, ...node.children]) {
        if (child.tail !== null && textOf(child.tail).trim() !== '') this.processElementText(node, child, false);
        if (child.text !== null && textOf(child.text).trim() !== '') this.processElementText(child, child, true);
      }
      result.push(node);
    }
    link(text.slice(from), atomic);
    return result;
  }

  private processElementText(node: El, sub: El, isText: boolean): void {
    const text = isText ? sub.text : sub.tail;
    if (isText) sub.text = null;
    else sub.tail = null;
    const made = this.processPlaceholders(text ?? '', sub, isText);
    const at = !isText && node !== sub ? node.children.indexOf(sub) + 1 : 0;
    node.children.splice(at, 0, ...made);
  }
}
